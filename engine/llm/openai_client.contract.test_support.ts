// The contract cases of OpenAIModelClient (model_client.contract.test_support.ts): each case
// is the real client against its own loopback server playing the reply or the failure. Kept
// apart from the test file because a client that delegates to this one (PhysMent's replay of
// a resumed episode) meets its network failures through it.
import { OpenAIModelClient } from "./openai_client.ts";
import { completion, httpError, type ReplayReply, startLoopback } from "./loopback.test_support.ts";
import { type ContractCases, type Prepared, SLOW_MS } from "./model_client.contract.test_support.ts";

/** The client against a server that gives `reply` to every request. */
async function against(reply: ReplayReply, timeoutMs = 10_000, maxResponseBytes?: number): Promise<Prepared> {
  const server = await startLoopback(() => reply);
  return {
    client: new OpenAIModelClient({ model: "contract", baseURL: server.baseURL, apiKey: "unused", timeoutMs, maxResponseBytes }),
    close: () => server.close(),
  };
}

export const openAIContractCases: ContractCases = {
  text: async () => ({
    ...(await against(completion({ content: "Hello.", usage: { prompt_tokens: 12, completion_tokens: 3 } }))),
    content: "Hello.",
    usage: { prompt_tokens: 12, completion_tokens: 3, total_tokens: 15 },
  }),
  empty: () => against(completion({ content: null })),
  toolCalls: async () => ({
    ...(await against(completion({ toolCalls: [{ name: "answer", arguments: { answer: 4.9 } }, { name: "answer", arguments: '{"answer": 5' }] }))),
    // the argument text as sent, even when it is not JSON: reading it is the loop's job
    calls: [{ name: "answer", arguments: '{"answer":4.9}' }, { name: "answer", arguments: '{"answer": 5' }],
  }),
  errors: {
    rate_limit: async () => ({
      ...(await against(httpError(429, "slow down", { "retry-after": "7" }))),
      error: { status: 429, retryAfterSeconds: 7 },
    }),
    timeout: () => against({ ...completion({ content: "late" }), delayMs: 5_000 }, 100),
    transport: async () => {
      // a port that was just listened on and is closed again: the connection is refused
      const gone = await startLoopback([]);
      await gone.close();
      return { client: new OpenAIModelClient({ model: "contract", baseURL: gone.baseURL, apiKey: "unused" }) };
    },
    server: async () => ({ ...(await against(httpError(503, "overloaded"))), error: { status: 503 } }),
    malformed: () => against({ raw: "<html>502 Bad Gateway</html>", headers: { "content-type": "text/html" } }),
    // a valid completion, but past the client's response-size limit
    oversize: () => against(completion({ content: "x".repeat(5_000) }), 10_000, 4_096),
    fatal: async () => ({ ...(await against(httpError(400, "unknown parameter"))), error: { status: 400 } }),
  },
  slow: () => against({ ...completion({ content: "late" }), delayMs: SLOW_MS }),
};
