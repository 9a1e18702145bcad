// ProcedureClient (the scripted reference agent) keeps the ModelClient contract: every reply
// is a batch of the procedure's calls; a call after the procedure's answer is a fatal failure,
// as an exhausted script is.
import { CONTRACT_REQUEST, modelClientContract, NEVER_IN_FLIGHT, NO_NETWORK_ERRORS } from "../llm/model_client.contract.test_support.ts";
import { ProcedureClient, type ReferenceProcedure } from "./reference.ts";

/** Drops for a second, then answers without reading the results (results are another test's). */
const DROP: ReferenceProcedure = {
  summary: "lets the ball fall for a second and answers the textbook drop",
  run: function* () {
    yield [{ tool: "step", parameters: { duration: 1 } }, { tool: "get_position", parameters: { object_id: "object_1" } }];
    return 4.905;
  },
};

modelClientContract("ProcedureClient", {
  text: { doesNotApply: "plays its procedure through function calls: no reply is text" },
  empty: { doesNotApply: "every reply carries the procedure's next calls" },
  toolCalls: () =>
    Promise.resolve({
      client: new ProcedureClient(DROP),
      calls: [{ name: "step", arguments: '{"duration":1}' }, { name: "get_position", arguments: '{"object_id":"object_1"}' }],
    }),
  errors: {
    ...NO_NETWORK_ERRORS,
    fatal: async () => {
      const client = new ProcedureClient(DROP);
      await client.chat(CONTRACT_REQUEST); // the batch
      await client.chat(CONTRACT_REQUEST); // the answer
      return { client };
    },
  },
  slow: NEVER_IN_FLIGHT,
});
