import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OpenAIModelClient } from "./openai_client.ts";
import { type RunningChatServer, startChatServer } from "./chat_server.ts";

let server: RunningChatServer;
beforeAll(async () => {
  server = await startChatServer({
    model: "echo",
    respond: (text) => {
      if (text === "fail") throw new Error("boom");
      return `you said ${text}`;
    },
  });
});
afterAll(() => server.close());

const post = (body: string) => fetch(`${server.baseURL}/chat/completions`, { method: "POST", body, headers: { "content-type": "application/json" } });

describe("the chat-completions server", () => {
  it("binds loopback and answers the last user message through the real openai client", async () => {
    expect(server.baseURL).toMatch(/^http:\/\/127\.0\.0\.1:[0-9]+\/v1$/);
    const client = new OpenAIModelClient({ model: "echo", baseURL: server.baseURL, apiKey: "unused" });
    const r = await client.chat([{ role: "system", content: "s" }, { role: "user", content: "first" }, { role: "assistant", content: "x" }, { role: "user", content: "hello" }]);
    expect(r).toMatchObject({ content: "you said hello", finishReason: "stop" });
    const models = await (await fetch(`${server.baseURL}/models`)).json();
    expect(models).toEqual({ object: "list", data: [{ id: "echo", object: "model", created: 0, owned_by: "mechbench" }] });
  });

  it("answers bad requests with a JSON error and keeps serving", async () => {
    const cases: [Promise<Response>, number, RegExp][] = [
      [post("not json"), 400, /not JSON/],
      [post("{}"), 400, /not a chat completion request/],
      [post('{"messages": []}'), 400, /not a chat completion request/],
      [post('{"messages": [{"role": "system", "content": "only"}]}'), 400, /no user message/],
      [post('{"messages": [{"role": "user", "content": [{"type": "text"}]}]}'), 400, /no user message with text/],
      [post('{"messages": [{"role": "user", "content": "fail"}]}'), 500, /the model failed: boom/],
      [fetch(`${server.baseURL}/chat/completions`), 405, /use POST/],
      [fetch(`${server.baseURL}/nothing`), 404, /no route/],
      [post(JSON.stringify({ messages: [{ role: "user", content: "x".repeat(17 * 1024 * 1024) }] })), 413, /over/],
    ];
    for (const [pending, status, message] of cases) {
      const r = await pending;
      expect(r.status).toBe(status);
      expect(r.headers.get("content-type")).toBe("application/json");
      expect(((await r.json()) as { error: { message: string } }).error.message).toMatch(message);
    }
    const ok = await post('{"messages": [{"role": "user", "content": "still here"}]}');
    expect(((await ok.json()) as { choices: { message: { content: string } }[] }).choices[0].message.content).toBe("you said still here");
  });
});
