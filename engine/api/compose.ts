// Composed mechanisms for scripts: the composer's options checked, the catalog composed in
// memory or into a directory (each accepted file written as it passes, the progress beside
// it, so a killed composition continues where it stopped).
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { builtinLibrary } from "../../catalog/mod.ts";
import { writeAtomically } from "../files/atomic_write.ts";
import { OptionsError, StoreError } from "../files/errors.ts";
import { fsMessage } from "../files/fs_reason.ts";
import { COMPOSE_DOMAINS, COMPOSER_FILE, COMPOSER_VERSION, ComposeSettings, GATES } from "../model/composer_record.ts";
import { type CandidateEvent, compose, type Composed, type ComposedFile, type ComposeProgress, kindsOf } from "../compose/compose.ts";
import { KIND_MIN_COMPONENTS } from "../compose/structure.ts";
import { checkOptions, SEED } from "./options.ts";

/** The largest MAX of `components`: past it the state budget stops a mechanism's growth anyway. */
export const MAX_COMPOSED_COMPONENTS = 40;
/** The most mechanisms one composition makes. */
export const MAX_COMPOSED_COUNT = 10_000;

const Options = z.object({
  seed: z.string().regex(SEED, "expected 1 to 64 letters, digits or . _ : -"),
  count: z.int().min(1, "expected at least 1 mechanism").max(MAX_COMPOSED_COUNT),
  components: z.object({
    min: z.int().min(3, "expected at least 3 (the smallest mechanism: a ground, a body and a coupling)"),
    max: z.int().min(3, "expected at least 3").max(MAX_COMPOSED_COMPONENTS),
  }).strict().default({ min: 3, max: 20 }),
  domains: z.array(z.enum(COMPOSE_DOMAINS)).min(1).default([...COMPOSE_DOMAINS]),
  onCandidate: z.custom<(e: CandidateEvent) => void>((v) => typeof v === "function", "expected a function").optional(),
  out: z.string().min(1).optional(),
  force: z.boolean().default(false),
}).strict();

/** What composeMechanisms makes. */
export interface ComposeMechanismsOptions {
  /** The composer's seed: the same seed and options give byte-identical files. */
  seed: string;
  /** How many mechanisms to accept. */
  count: number;
  /** Components per mechanism, inclusive (default 3–20): the difficulty dial. */
  components?: { min: number; max: number };
  /** Physical domains to draw from (default all four); "electrical" needs "thermal" (its circuits heat a thermal network). */
  domains?: readonly ("translational" | "rotational" | "thermal" | "electrical")[];
  /** Called after each candidate, accepted or rejected. */
  onCandidate?: (event: CandidateEvent) => void;
  /**
   * Also write the catalog to this directory: `<id>.json` per mechanism as it is accepted,
   * then composer.json. A directory holding an unfinished composition of the same seed and
   * options is continued; one holding anything else is refused unless `force`.
   */
  out?: string;
  /** With `out`: replace the .json files the directory holds (default false). */
  force?: boolean;
}

/** A composed catalog: its files, its composer.json record and, with `out`, where it went. */
export interface ComposedCatalog extends Composed {
  /** The output directory, when written. */
  dir?: string;
  /** Mechanisms an unfinished composition in `out` had accepted already. */
  resumed: number;
}

const PROGRESS_FILE = "composer.partial.json";
const Progress = z.object({
  format: z.literal("mechbench-compose-progress/1"),
  version: z.string(),
  seed: z.string(),
  settings: ComposeSettings,
  candidates: z.int().min(0),
  rejected: z.record(z.enum(GATES), z.int().min(0)),
  reasons: z.record(z.enum(GATES), z.array(z.string())),
  mechanisms: z.array(z.string()),
}).strict();

/**
 * Composes mechanisms from the component library and keeps those that pass every acceptance
 * gate (docs/compose.md): they validate, pass the converter checks, agree with their own
 * numerical runs, their episode graph joins every observed change, and their start case moves.
 *
 * @param options Seed, count, component range, domains, progress, and the output directory.
 * @returns The accepted files (in composition order), the composer's record and the first rejection reasons per gate.
 * @throws {OptionsError} For an unknown domain, MIN above MAX, a count of 0, electrical without thermal, or a malformed option.
 * @throws {ComposeError} When 20 candidates per requested mechanism do not give the count.
 * @throws {StoreError} With `out`: when the directory holds something else (without `force`) or cannot be written.
 *
 * @example Three small composed mechanisms, in memory
 * ```ts
 * import { composeMechanisms } from "@mechbench/mechbench/solver";
 * import assert from "node:assert/strict";
 *
 * const catalog = composeMechanisms({ seed: "example", count: 3, components: { min: 3, max: 6 }, domains: ["thermal"] });
 * assert.equal(catalog.mechanisms.length, 3);
 * assert.equal(catalog.record.candidates, 3 + Object.values(catalog.record.rejected).reduce((a, b) => a + b, 0));
 * console.log(catalog.mechanisms.map((m) => m.id).join(", "));
 * ```
 */
export function composeMechanisms(options: ComposeMechanismsOptions): ComposedCatalog {
  const o = checkOptions("composeMechanisms", Options, options);
  const { min, max } = o.components;
  if (min > max) throw new OptionsError(`composeMechanisms: components: MIN ${min} is above MAX ${max}`);
  if (o.domains.includes("electrical") && !o.domains.includes("thermal")) {
    throw new OptionsError("composeMechanisms: domains: electrical needs thermal too (a composed circuit's heating resistors warm a thermal network); add thermal");
  }
  const domains = COMPOSE_DOMAINS.filter((d) => o.domains.includes(d));
  const smallest = Math.min(...kindsOf(domains).map((k) => KIND_MIN_COMPONENTS[k]));
  if (max < smallest) throw new OptionsError(`composeMechanisms: components: MAX ${max} is below ${smallest}, the smallest mechanism of the domains ${domains.join(", ")}`);
  const settings: ComposeSettings = { count: o.count, components: { min, max }, domains };
  const library = builtinLibrary();
  if (o.out === undefined) {
    const composed = compose(o.seed, settings, library, { onCandidate: o.onCandidate && ((e) => o.onCandidate!(e)) });
    return { ...composed, resumed: 0 };
  }
  const out = o.out;
  const from = prepareComposeDir(out, o.seed, settings, o.force);
  let written = from?.mechanisms.length ?? 0;
  const composed = compose(o.seed, settings, library, {
    ...(from ? { from } : {}),
    onCandidate: (e, state) => {
      for (; written < state.mechanisms.length; written++) writeAtomically(out, state.mechanisms[written].file, state.mechanisms[written].text);
      const progress: z.infer<typeof Progress> = {
        format: "mechbench-compose-progress/1",
        version: COMPOSER_VERSION,
        seed: o.seed,
        settings,
        candidates: state.candidates,
        rejected: state.rejected,
        reasons: state.reasons,
        mechanisms: state.mechanisms.map((m) => m.id),
      };
      writeAtomically(out, PROGRESS_FILE, JSON.stringify(progress) + "\n");
      o.onCandidate?.(e);
    },
  });
  writeAtomically(out, COMPOSER_FILE, JSON.stringify(composed.record, null, 2) + "\n");
  try {
    rmSync(join(out, PROGRESS_FILE), { force: true });
  } catch (e) {
    throw fsMessage(join(out, PROGRESS_FILE), e);
  }
  return { ...composed, dir: out, resumed: from?.mechanisms.length ?? 0 };
}

/**
 * Makes `dir` ready for a composition: created when missing; continued when it holds an
 * unfinished composition of the same seed and settings; cleared of .json files with `force`;
 * refused otherwise. Returns the progress to continue from, if any.
 */
function prepareComposeDir(dir: string, seed: string, settings: ComposeSettings, force: boolean): ComposeProgress | undefined {
  let entries: string[];
  try {
    if (!existsSync(dir)) {
      mkdirSync(dir, { recursive: true });
      return undefined;
    }
    if (!statSync(dir).isDirectory()) throw new StoreError(`${dir}: exists and is not a directory`);
    entries = readdirSync(dir);
  } catch (e) {
    if (e instanceof StoreError) throw e;
    throw fsMessage(dir, e);
  }
  if (!force && entries.includes(PROGRESS_FILE) && !entries.includes(COMPOSER_FILE)) {
    const path = join(dir, PROGRESS_FILE);
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(path, "utf8"));
    } catch (e) {
      throw new StoreError(`${path}: ${e instanceof SyntaxError ? "not JSON (an interrupted write?); pass --force to start afresh" : fsMessage(path, e).message}`);
    }
    const p = Progress.safeParse(parsed);
    if (!p.success) throw new StoreError(`${path}: not a composition's progress record; pass --force to start afresh`);
    const same = p.data.version === COMPOSER_VERSION && p.data.seed === seed && JSON.stringify(p.data.settings) === JSON.stringify(settings);
    if (!same) throw new StoreError(`${dir}: holds an unfinished composition with another seed, options or composer version; choose another --out or pass --force`);
    const mechanisms: ComposedFile[] = p.data.mechanisms.map((id) => {
      const file = `${id}.json`;
      const text = readText(join(dir, file));
      return { id, file, text, data: JSON.parse(text) as Record<string, unknown> };
    });
    return { candidates: p.data.candidates, rejected: p.data.rejected, reasons: p.data.reasons, mechanisms };
  }
  if (entries.length && !force) {
    throw new StoreError(`${dir}: is not empty (${entries.length} entr${entries.length === 1 ? "y" : "ies"}); choose another --out or pass --force to replace the mechanism files there`);
  }
  try {
    for (const name of entries) if (name.endsWith(".json")) rmSync(join(dir, name));
  } catch (e) {
    throw fsMessage(dir, e);
  }
  return undefined;
}

function readText(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch (e) {
    throw new StoreError(`${path}: ${fsMessage(path, e).message.slice(path.length + 2)} (the composition's progress lists it); pass --force to start afresh`);
  }
}
