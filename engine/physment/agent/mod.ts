// PhysMent's agent: prompts, the two tool-call protocols, the episode loop, model clients,
// transcripts and the benchmark runner.
export * from "./model.ts";
export * from "./openai_client.ts";
export * from "./scripted_client.ts";
export * from "./prompt.ts";
export * from "./examples.ts";
export * from "./protocols.ts";
export * from "./retry.ts";
export * from "./loop.ts";
export * from "./transcript.ts";
export * from "./runner.ts";
