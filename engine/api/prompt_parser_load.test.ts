// `mech baseline serve` under load: 300 clients at once on loopback, each asking one prompt of
// a small benchmark. Every request is answered (the server's queue holds the excess of its
// 32 at a time; none is refused), every answer equals the gold, and the process's resident
// memory stays bounded (measured).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { servePromptParser } from "./prompt_parser.ts";
import type { RunningChatServer } from "../llm/chat_server.ts";
import { writeSmallBenchmark } from "../eval/eval.test_support.ts";
import type { EvalItem } from "../eval/items.ts";
import { extractAnswer } from "../eval/extract.ts";

const CLIENTS = 300;
let server: RunningChatServer;
let items: EvalItem[];
beforeAll(async () => {
  items = writeSmallBenchmark().items;
  server = await servePromptParser();
}, 120_000);
afterAll(() => server.close());

describe("the prompt-parser server under load", () => {
  it(`${CLIENTS} clients at once: every request answered with the gold, memory bounded`, async () => {
    const rss0 = process.memoryUsage().rss;
    let peak = rss0;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const t0 = performance.now();
    const answers = await Promise.all(Array.from({ length: CLIENTS }, async (_, k) => {
      const it = items[k % items.length];
      const r = await fetch(`${server.baseURL}/chat/completions`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ model: "prompt-parser", messages: [{ role: "user", content: it.prompt }] }) });
      const body = (await r.json()) as { choices: { message: { content: string } }[] };
      return { it, status: r.status, content: body.choices[0].message.content };
    }));
    const seconds = (performance.now() - t0) / 1000;
    clearInterval(sampler);
    for (const a of answers) {
      expect(a.status).toBe(200);
      const ex = extractAnswer(a.content);
      expect(ex.ok && JSON.stringify(ex.payload)).toBe(JSON.stringify(a.it.gold));
    }
    expect(seconds).toBeLessThan(120);
    expect(peak - rss0).toBeLessThan(512 * 2 ** 20);
  }, 180_000);
});
