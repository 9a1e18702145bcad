// PhysMent's agent: prompts, the two tool-call protocols, the episode loop, model clients,
// transcripts and the benchmark runner.
export * from "../../llm/model.ts";
export * from "../../llm/openai_client.ts";
export * from "./scripted_client.ts";
export * from "./prompt.ts";
export * from "./examples.ts";
export * from "./protocols.ts";
export * from "../../llm/retry.ts";
export * from "./loop.ts";
export * from "./transcript.ts";
export * from "./runner.ts";
