// The model client against misbehaving endpoints (hostile.test_support.ts): every case is
// classified within the request's deadline, with memory bounded (measured), and the one
// legitimate oddity (HTTP/1.0 without a length) answers normally.
import { afterAll, describe, expect, it } from "vitest";
import { OpenAIModelClient } from "./openai_client.ts";
import { ModelError, type ModelErrorKind } from "./model.ts";
import { type Hostile, type HostileServer, startHostile } from "./hostile.test_support.ts";

const DEADLINE_MS = 2_000;
const LIMIT = 1 << 20;
const servers: HostileServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

async function call(b: Hostile): Promise<{ outcome: ModelErrorKind | "response"; message: string; ms: number; rssGrowth: number }> {
  const server = await startHostile(() => b);
  servers.push(server);
  const client = new OpenAIModelClient({ model: "hostile", baseURL: server.baseURL, apiKey: "unused", timeoutMs: DEADLINE_MS, maxResponseBytes: LIMIT });
  const rss0 = process.memoryUsage().rss;
  const t0 = performance.now();
  const outcome = await client.chat([{ role: "user", content: "hello" }]).then(
    (r) => ({ outcome: "response" as const, message: r.content ?? "" }),
    (e: unknown) => {
      expect(e).toBeInstanceOf(ModelError);
      return { outcome: (e as ModelError).kind, message: (e as ModelError).message };
    },
  );
  return { ...outcome, ms: performance.now() - t0, rssGrowth: process.memoryUsage().rss - rss0 };
}

const CASES: [Hostile, ModelErrorKind | "response", RegExp][] = [
  ["trickle", "timeout", /no complete response within 2 s/],
  ["huge", "oversize", /passed the limit of 1048576 bytes \(the server declared \d+ bytes\)/],
  ["endless", "oversize", /passed the limit of 1048576 bytes \(\d+ bytes read before it was cut off\)/],
  ["wrong_type", "malformed", /malformed chat completion/],
  ["bad_utf8", "malformed", /not valid UTF-8/],
  ["nested", "malformed", /malformed chat completion/],
  ["redirect_loop", "transport", /connection error/],
  ["reset", "transport", /connection error/],
  ["silent", "timeout", /no complete response within 2 s/],
  ["http10", "response", /^\{"answer": \{\}\}$/],
];

describe("the model client against hostile endpoints", () => {
  for (const [b, kind, message] of CASES) {
    it(`${b}: ${kind === "response" ? "answers" : `fails as ${kind}`} within the deadline, memory bounded`, async () => {
      const r = await call(b);
      expect(r.outcome, r.message).toBe(kind);
      expect(r.message).toMatch(message);
      expect(r.ms).toBeLessThan(DEADLINE_MS + 1_500);
      // a 40 MB or endless body is never held: growth stays far below it
      expect(r.rssGrowth).toBeLessThan(64 * 2 ** 20);
    }, 15_000);
  }
});
