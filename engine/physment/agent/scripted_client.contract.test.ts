// ScriptedModelClient keeps the ModelClient contract: each case is a one-response script;
// the failures of a server are scripted errors, and an exhausted script is the fatal one.
import { ModelError } from "../../llm/model.ts";
import { type FailureKind, modelClientContract, NEVER_IN_FLIGHT } from "../../llm/model_client.contract.test_support.ts";
import { ScriptedModelClient, type ScriptedResponse } from "./scripted_client.ts";

const scripted = (...script: ScriptedResponse[]) => Promise.resolve({ client: new ScriptedModelClient(script) });
const failing = (kind: FailureKind) => () => scripted({ error: new ModelError(kind, `scripted ${kind}`) });

modelClientContract("ScriptedModelClient", {
  text: async () => ({
    ...(await scripted({ content: "Hello.", usage: { prompt_tokens: 12, completion_tokens: 3, total_tokens: 15 } })),
    content: "Hello.",
    usage: { prompt_tokens: 12, completion_tokens: 3, total_tokens: 15 },
  }),
  empty: () => scripted({}),
  toolCalls: async () => ({
    ...(await scripted({ toolCalls: [{ name: "answer", arguments: { answer: 4.9 } }, { name: "answer", arguments: '{"answer": 5' }] })),
    calls: [{ name: "answer", arguments: '{"answer":4.9}' }, { name: "answer", arguments: '{"answer": 5' }],
  }),
  errors: {
    rate_limit: failing("rate_limit"),
    timeout: failing("timeout"),
    transport: failing("transport"),
    server: failing("server"),
    malformed: failing("malformed"),
    oversize: failing("oversize"),
    fatal: () => scripted(),
  },
  slow: NEVER_IN_FLIGHT,
});
