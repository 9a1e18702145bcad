// The chat-completions server against clients that misbehave: a body declared or streamed
// past the cap, headers that never finish, a body that never finishes, and more requests at
// once than it answers. Each is refused within its deadline and the connection closed; the
// server keeps answering.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect } from "node:net";
import { type RunningChatServer, startChatServer } from "./chat_server.ts";

let server: RunningChatServer;
beforeAll(async () => {
  server = await startChatServer({
    model: "slow-echo",
    respond: async (text) => {
      if (text.startsWith("wait")) await new Promise((r) => setTimeout(r, 300));
      return `you said ${text}`;
    },
    concurrency: 2,
    queue: 2,
    maxBodyBytes: 1024,
    headerDeadlineMs: 300,
    bodyDeadlineMs: 300,
  });
});
afterAll(() => server.close());

/** Writes raw bytes to the server; resolves with everything it sent back and how long until it closed. */
function raw(chunks: string[], gapMs = 0): Promise<{ reply: string; ms: number }> {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const s = connect(server.port, "127.0.0.1");
    let reply = "";
    s.on("data", (d) => (reply += d.toString()));
    s.on("error", () => {});
    s.on("close", () => resolve({ reply, ms: performance.now() - t0 }));
    let i = 0;
    const next = () => {
      if (i < chunks.length && !s.destroyed) s.write(chunks[i++], () => setTimeout(next, gapMs));
    };
    s.on("connect", next);
  });
}

const post = (body: string, headers: Record<string, string> = {}) =>
  fetch(`${server.baseURL}/chat/completions`, { method: "POST", body, headers: { "content-type": "application/json", ...headers } });
const ask = (text: string) => post(JSON.stringify({ messages: [{ role: "user", content: text }] }));

describe("the chat server's limits", () => {
  it("a body declared past the cap: 413 before any of it is read, the connection closed", async () => {
    const r = await raw([`POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 17000000\r\n\r\n`]);
    expect(r.reply).toMatch(/^HTTP\/1\.1 413 /);
    expect(r.reply).toMatch(/request body over 1024 bytes \(17000000 declared\)/);
    expect(r.ms).toBeLessThan(2_000);
  });

  it("a chunked body that passes the cap: 413 as soon as it does, the rest never read", async () => {
    const chunk = `200\r\n${"x".repeat(0x200)}\r\n`;
    const r = await raw([`POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n`, ...Array.from({ length: 40 }, () => chunk)], 5);
    expect(r.reply).toMatch(/^HTTP\/1\.1 413 /);
    expect(r.ms).toBeLessThan(2_000);
  });

  it("headers that never finish: the connection closed at the header deadline", async () => {
    const r = await raw([`POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\n`]);
    expect(r.reply).toBe("");
    expect(r.ms).toBeGreaterThanOrEqual(250);
    expect(r.ms).toBeLessThan(2_000);
  });

  it("a body that never finishes: 408 at the body deadline, the connection closed", async () => {
    const r = await raw([`POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"messages"`]);
    expect(r.reply).toMatch(/^HTTP\/1\.1 408 /);
    expect(r.reply).toMatch(/not all in within 0\.3 s/);
    expect(r.ms).toBeLessThan(2_000);
  });

  it("malformed JSON: 400 with a JSON error", async () => {
    const r = await post("{oops");
    expect(r.status).toBe(400);
    expect(((await r.json()) as { error: { message: string } }).error.message).toMatch(/not JSON/);
  });

  it("more requests at once than it answers and queues: the excess get 503 with Retry-After, the rest are answered", async () => {
    const replies = await Promise.all(Array.from({ length: 10 }, (_, i) => ask(`wait ${i}`)));
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(4); // two answered, two queued
    expect(statuses.filter((s) => s === 503)).toHaveLength(6);
    expect(replies.find((r) => r.status === 503)!.headers.get("retry-after")).toBe("1");
    await Promise.all(replies.map((r) => r.body?.cancel()));
    // and it keeps answering
    const after = await ask("still here");
    expect(((await after.json()) as { choices: { message: { content: string } }[] }).choices[0].message.content).toBe("you said still here");
  });
});
