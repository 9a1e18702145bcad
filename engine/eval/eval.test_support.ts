// A small generated benchmark on disk for the evaluator's tests, and the gold answer of
// each prompt, so a loopback server can play a model that knows (or garbles) the answers.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { builtinMechanism, catalogSha256 } from "../../catalog/mod.ts";
import { FAMILIES } from "../tasks/families/mod.ts";
import { benchmarkFiles, buildManifest, mechanismSize } from "../tasks/manifest.ts";
import { readTaskSet, writeBenchmark } from "../tasks/store.ts";
import { smallBenchmark } from "../tasks/generate.test_support.ts";
import { type EvalItem, evalItems } from "./items.ts";

export const SMALL_EVAL_MECHANISMS = ["electrical_resistor", "thermal_three_node_chain"];

/** Writes a small six-family benchmark into a fresh temporary directory. */
export function writeSmallBenchmark(): { dir: string; items: EvalItem[] } {
  const g = smallBenchmark({ ids: SMALL_EVAL_MECHANISMS, perLevel: 1 });
  const dir = mkdtempSync(join(tmpdir(), "mech-eval-tasks-"));
  const files = benchmarkFiles(g);
  const sizes = (id: string) => mechanismSize(builtinMechanism(id)!);
  writeBenchmark(dir, files, buildManifest(g, files, catalogSha256(), FAMILIES, { sizes }));
  return { dir, items: evalItems(readTaskSet(dir)) };
}

/** The user message of a chat completion request body. */
export function userMessage(body: Record<string, unknown>): string {
  const messages = body.messages as { role: string; content: string }[];
  return messages.find((m) => m.role === "user")?.content ?? "";
}
