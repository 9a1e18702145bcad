// composer.json: what `mech compose` writes beside the mechanism files it accepted — the
// composer's version, seed and settings (enough to compose the same files again), and
// how many candidates each acceptance gate rejected. A benchmark generated from the
// directory copies the version, seed and settings into its manifest.
import { z } from "zod";

/** The composer's version: bumped whenever the same seed and settings would compose other files. */
export const COMPOSER_VERSION = "1";

/** The physical domains a composed mechanism may draw its networks from. */
export const COMPOSE_DOMAINS = ["translational", "rotational", "thermal", "electrical"] as const;

/** The acceptance gates, in the order a candidate meets them (docs/compose.md). */
export const GATES = ["library", "converter", "numeric", "paths", "frozen"] as const;

/** The composer's settings: everything besides the seed that fixes its output. */
export const ComposeSettings: z.ZodObject<
  {
    count: z.ZodInt;
    components: z.ZodObject<{ min: z.ZodInt; max: z.ZodInt }, z.core.$strict>;
    domains: z.ZodArray<z.ZodEnum<{ translational: "translational"; rotational: "rotational"; thermal: "thermal"; electrical: "electrical" }>>;
  },
  z.core.$strict
> = z.object({
  count: z.int().min(1),
  components: z.object({ min: z.int().min(1), max: z.int().min(1) }).strict(),
  domains: z.array(z.enum(COMPOSE_DOMAINS)).min(1),
}).strict();
/** The composer's settings. */
export type ComposeSettings = z.infer<typeof ComposeSettings>;

/** What a composed catalog's composer.json holds. */
export const ComposerRecord: z.ZodObject<
  {
    format: z.ZodLiteral<"mechbench-composed/1">;
    composer: z.ZodObject<{ name: z.ZodLiteral<"mechbench-compose">; version: z.ZodString }, z.core.$strict>;
    seed: z.ZodString;
    settings: typeof ComposeSettings;
    candidates: z.ZodInt;
    rejected: z.ZodRecord<z.ZodEnum<{ library: "library"; converter: "converter"; numeric: "numeric"; paths: "paths"; frozen: "frozen" }>, z.ZodInt>;
    mechanisms: z.ZodArray<z.ZodString>;
  },
  z.core.$strict
> = z.object({
  format: z.literal("mechbench-composed/1"),
  composer: z.object({ name: z.literal("mechbench-compose"), version: z.string() }).strict(),
  seed: z.string().min(1),
  settings: ComposeSettings,
  /** Candidates composed until `count` passed every gate. */
  candidates: z.int().min(0),
  /** Candidates rejected, by the first gate each failed. */
  rejected: z.record(z.enum(GATES), z.int().min(0)),
  /** The accepted mechanisms' ids, in composition order (each in `<id>.json`). */
  mechanisms: z.array(z.string()),
}).strict();
/** A composed catalog's composer.json. */
export type ComposerRecord = z.infer<typeof ComposerRecord>;

/** The file name of the record in a composed catalog directory. */
export const COMPOSER_FILE = "composer.json";
