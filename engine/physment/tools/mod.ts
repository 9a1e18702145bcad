// PhysMent's 26 tools: the toolbox over a World, the tool list and their specs.
export { answer, makeToolBox, readArgs, TOOL_SPECS, TOOLS } from "./toolbox.ts";
export type { AnswerValue } from "./toolbox.ts";
export { PARAMETER_PERMISSIONS, parametersOf, permitted } from "./inspect.ts";
export { ToolError } from "./tool.ts";
export type { Tool, ToolContext } from "./tool.ts";
