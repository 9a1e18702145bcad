// OpenAIModelClient against loopback servers keeps the ModelClient contract.
import { modelClientContract } from "./model_client.contract.test_support.ts";
import { openAIContractCases } from "./openai_client.contract.test_support.ts";

modelClientContract("OpenAIModelClient", openAIContractCases);
