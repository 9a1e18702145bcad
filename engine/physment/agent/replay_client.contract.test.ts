// The ReplayClient of a resumed episode (runner.ts) keeps the ModelClient contract: the
// replies are recorded responses it serves; the failures and the slow reply are the model's
// (an OpenAIModelClient against a loopback server), asked once the record is spent.
import type { ModelResponse } from "../../llm/model.ts";
import { type CaseSetup, CONTRACT_REQUEST, modelClientContract } from "../../llm/model_client.contract.test_support.ts";
import { openAIContractCases } from "../../llm/openai_client.contract.test_support.ts";
import { ScriptedModelClient } from "./scripted_client.ts";
import { ReplayClient } from "./runner.ts";

const USAGE = { prompt_tokens: 12, completion_tokens: 3, total_tokens: 15 };
const TEXT: ModelResponse = { content: "Hello.", toolCalls: [], usage: USAGE, finishReason: "stop" };

/** A client replaying `recorded`; the model behind it has nothing to say and is never asked. */
const replaying = (recorded: ModelResponse) => ({ client: new ReplayClient(new ScriptedModelClient([]), [recorded]) });

/** The model's case behind a replay whose one recorded response was served already. */
function pastTheRecord<T>(setup: CaseSetup<T>): CaseSetup<T> {
  if (typeof setup !== "function") return setup;
  return async () => {
    const p = await setup();
    const client = new ReplayClient(p.client, [TEXT]);
    await client.chat(CONTRACT_REQUEST);
    return { ...p, client };
  };
}

const model = openAIContractCases;
modelClientContract("ReplayClient", {
  text: () => Promise.resolve({ ...replaying(TEXT), content: "Hello.", usage: USAGE }),
  empty: () => Promise.resolve(replaying({ content: null, toolCalls: [], usage: USAGE, finishReason: "stop" })),
  toolCalls: () =>
    Promise.resolve({
      ...replaying({ content: null, toolCalls: [{ id: "call_1", name: "answer", arguments: '{"answer":4.9}' }], usage: USAGE, finishReason: "tool_calls" }),
      calls: [{ name: "answer", arguments: '{"answer":4.9}' }],
    }),
  errors: {
    rate_limit: pastTheRecord(model.errors.rate_limit),
    timeout: pastTheRecord(model.errors.timeout),
    transport: pastTheRecord(model.errors.transport),
    server: pastTheRecord(model.errors.server),
    malformed: pastTheRecord(model.errors.malformed),
    oversize: pastTheRecord(model.errors.oversize),
    fatal: pastTheRecord(model.errors.fatal),
  },
  slow: pastTheRecord(model.slow),
});
