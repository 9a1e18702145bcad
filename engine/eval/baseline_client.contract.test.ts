// BaselineClient keeps the ModelClient contract: it answers a prompt of its benchmark (the
// small generated one) with text, and a request of no task of it as a fatal failure.
import { modelClientContract, NEVER_IN_FLIGHT, NO_NETWORK_ERRORS } from "../llm/model_client.contract.test_support.ts";
import { BaselineClient } from "./baseline_client.ts";
import { writeSmallBenchmark } from "./eval.test_support.ts";
import type { EvalItem } from "./items.ts";
import { requestMessages } from "./runner.ts";

let items: EvalItem[] | undefined;
const benchmark = () => (items ??= writeSmallBenchmark().items);

modelClientContract("BaselineClient (replay)", {
  text: () => {
    const item = benchmark()[0];
    return Promise.resolve({
      client: new BaselineClient("replay", benchmark()),
      messages: requestMessages(item.prompt),
      content: JSON.stringify({ answer: item.gold }),
      usage: null,
    });
  },
  empty: { doesNotApply: "answers every prompt of its benchmark with a JSON answer: no reply is empty" },
  toolCalls: { doesNotApply: "answers in text only (MechReasoner's requests offer no tools)" },
  errors: {
    ...NO_NETWORK_ERRORS,
    fatal: () => Promise.resolve({ client: new BaselineClient("replay", benchmark()), messages: requestMessages("not a task of the benchmark") }),
  },
  slow: NEVER_IN_FLIGHT,
});
