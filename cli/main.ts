// mech: the command-line interface. Parses arguments, calls the library, prints.
import { parseSync } from "@optique/core/parser";
import { argument, command, constant, option } from "@optique/core/primitives";
import { object, or } from "@optique/core/constructs";
import { multiple, optional, withDefault } from "@optique/core/modifiers";
import { choice, float, integer, string } from "@optique/core/valueparser";
import { message, text } from "@optique/core/message";
// Each command's code is imported when that command runs (a static import of every
// command loads mujoco-js, openai and vega before parsing the arguments): the parser
// needs only the defaults it shows in the help. The public entries, and io.ts (which
// uses one), are loaded once the arguments are parsed.
import {
  BOOTSTRAP_REPLICATES,
  DEFAULT_EPISODE_TIMEOUT_S,
  DEFAULT_EXPANSION_BUDGET,
  DEFAULT_HORIZON,
  DEFAULT_MAX_OUTPUT_TOKENS,
  DEFAULT_MAX_PROMPT_TOKENS,
  DEFAULT_MAX_RETRIES,
  DEFAULT_PARSER_PORT,
  DEFAULT_PER_LEVEL,
  DEFAULT_PROFILE,
  DEFAULT_RATE_LIMIT_ATTEMPTS,
  DEFAULT_REFERENCE_TIMEOUT_S,
  DEFAULT_REQUEST_TIMEOUT_S,
  DEFAULT_SEED,
  DEFAULT_SIMULATE_RUNS,
  DEFAULT_SOLVE_RUNS,
  DEFAULT_TASKS_DIR,
  DEFAULT_TEMPERATURE,
  DEVIATIONS,
  MAX_HORIZON,
  RULE_PROFILES,
} from "./defaults.ts";
import type { InputError as InputErrorClass, Io } from "./io.ts";

/** The CLI's input error, loaded with io.ts once the arguments are parsed. */
let InputError: typeof InputErrorClass;

// multiple() already yields [] when the option is absent (and a withDefault around it
// would bracket the usage twice)
const state = multiple(option("--state", string({ metavar: "COMP=STATE" }), {
  description: message`Fix a component's local state; repeat for several. Unfixed multi-state components range over all their states.`,
}));
const scenario = optional(option("--scenario", string({ metavar: "ID" }), {
  description: message`Scenario id (default: the mechanism's first scenario).`,
}));
// The episode-graph commands start where the mechanism's start case puts them.
const startCase = optional(option("--scenario", string({ metavar: "ID" }), {
  description: message`Scenario id (default: the start case, the mechanism's first scenario with case restrictions).`,
}));
const json = option("--json", { description: message`One JSON object per line.` });
const rules = withDefault(option("--rules", choice(RULE_PROFILES, { metavar: "PROFILE" }), {
  description: message`Edge-rule profile: sound (default; the amended readings the numerical runs need) or paper (every A.4 clause as the paper words it). See docs/semantics.md §13.10.`,
}), DEFAULT_PROFILE);
const revert = multiple(option("--revert", choice(DEVIATIONS, { metavar: "DEVIATION" }), {
  description: message`Take the paper's reading of one clause of the profile (repeatable), to measure a deviation (cause-unions, higher-order, target-derivative, intrastate-seeds, intrastate-relays, switched-jumps, decl-changes or context-universe).`,
}));
// --jobs N: workers on this machine; the command resolves the default (the machine's cores)
const jobs = optional(option("--jobs", integer({ min: 1, max: 64, metavar: "N" }), {
  description: message`Web Workers to spread the work over (default: the machine's cores); the output is the same, byte for byte, for any N.`,
}));
// --shard I/N: one of N independent processes (docs/cluster.md); checked by the command
const shard = optional(option("--shard", string({ metavar: "I/N" }), {
  description: message`Do only shard I of N (I from 1): units go to shards by a hash of their id; join the N output directories with ${"mech merge"} (docs/cluster.md).`,
}));
const mechanismArg = argument(string({ metavar: "MECHANISM" }), {
  description: message`A catalog mechanism id (see ${"mech list"}) or a path to a mechanism .json file.`,
});

// `mech export modelica`: a single format so far, so no or() below the command.
const exportCommand = command("export", command("modelica", object({
  cmd: constant("export modelica" as const),
  mechanism: mechanismArg,
  out: optional(option("--out", string({ metavar: "FILE" }), { description: message`Write the model to FILE (default: standard output).` })),
}), {
  description: message`Write the mechanism as a Modelica model over the MSL 4.1.0 classes its component types abstract, with its numeric block's parameters, start values and stop time (for OpenModelica; docs/catalog.md).`,
}), { description: message`Export a mechanism to another tool's format (modelica).` });

const parser = or(
  command("run", object({ cmd: constant("run" as const), json }), {
    description: message`The main job on built-in defaults: solve every composite state of every catalog mechanism under every scenario and print a summary table.`,
  }),
  command("solve", object({
    cmd: constant("solve" as const),
    mechanism: optional(mechanismArg),
    problem: optional(option("--problem", string({ metavar: "FILE" }), {
      description: message`Solve compiled problems from FILE (one JSON object per line, the shape ${"mech compile --json"} prints; - for stdin).`,
    })),
    state,
    scenario,
    json,
    limit: withDefault(option("--limit", integer({ min: 0, metavar: "K" }), {
      description: message`How many interpretations to print per state (default 10).`,
    }), 10),
  }), {
    description: message`Solve composite states exactly: count, forced facts and the first K interpretations.`,
  }),
  command("compile", object({ cmd: constant("compile" as const), mechanism: mechanismArg, state, scenario, json }), {
    description: message`Print the compiled problem (variables, domains, active confluences) for each composite state.`,
  }),
  command("list", object({ cmd: constant("list" as const) }), { description: message`List the built-in mechanisms.` }),
  command("validate", object({
    cmd: constant("validate" as const),
    files: multiple(argument(string({ metavar: "FILE" })), { min: 1 }),
  }), { description: message`Validate mechanism files against the built-in component library.` }),
  command("simulate", object({
    cmd: constant("simulate" as const),
    mechanism: mechanismArg,
    scenario: startCase,
    rules,
    revert,
    initial: optional(option("--initial", string({ metavar: "SPEC" }), {
      description: message`Restrict the initial episodes further: NAME=VALUE items (a component and its state, a variable and its cell or cells joined by |).`,
    })),
    first: option("--first", { description: message`Start from the first matching episode only.` }),
    maxInitial: optional(option("--max-initial", integer({ min: 1, metavar: "N" }), {
      description: message`Start from every matching episode, refusing more than N (default: every one up to ${text(String(DEFAULT_EXPANSION_BUDGET))}, else the first one, with a note).`,
    })),
    horizon: optional(option("--horizon", integer({ min: 0, max: MAX_HORIZON, metavar: "H" }), {
      description: message`Follow edges to depth H, at most ${text(String(MAX_HORIZON))} (default ${text(String(DEFAULT_HORIZON))}, computing a layer only while the graph holds at most ${text(String(DEFAULT_EXPANSION_BUDGET))} episodes; a note says where it stopped).`,
    })),
    format: optional(option("--format", choice(["text", "json", "dot"] as const, { metavar: "FORMAT" }), {
      description: message`text (default), json (the machine format) or dot (Graphviz).`,
    })),
    json: option("--json", { description: message`The same as --format json: one JSON object.` }),
    limit: withDefault(option("--limit", integer({ min: 0, metavar: "N" }), {
      description: message`How many edges the text lists (default 20).`,
    }), 20),
  }), {
    description: message`The bounded episode graph: from the scenario's initial episodes, every admissible edge up to depth H; layer sizes, edges and component-state changes.`,
  }),
  command("explain-edge", object({
    cmd: constant("explain-edge" as const),
    mechanism: mechanismArg,
    scenario: startCase,
    rules,
    revert,
    from: option("--from", string({ metavar: "SPEC" }), {
      description: message`The source episode: NAME=VALUE items that must match exactly one episode of the scenario's case.`,
    }),
    first: option("--first", { description: message`Take the first episode --from matches.` }),
    to: option("--to", string({ metavar: "SPEC" }), {
      description: message`The candidate target: the source with these components' states and variables' cells replaced.`,
    }),
    json: option("--json", { description: message`One JSON object.` }),
  }), {
    description: message`Say why a candidate edge is admitted, or which clause rejects it, for every cause of the source; exit 1 when no cause admits it.`,
  }),
  command("generate", object({
    cmd: constant("generate" as const),
    shard,
    catalog: optional(option("--catalog", string({ metavar: "DIR" }), {
      description: message`Generate from the mechanism files of DIR (from ${"mech compose"}, or your own) instead of the built-in 18; --mechanisms then names ids of DIR.`,
    })),
    out: withDefault(option("--out", string({ metavar: "DIR" }), {
      description: message`Where the benchmark goes (default ${DEFAULT_TASKS_DIR}); refused when it holds anything, unless --force.`,
    }), DEFAULT_TASKS_DIR),
    mechanisms: optional(option("--mechanisms", string({ metavar: "LIST" }), {
      description: message`Catalog mechanism ids, comma-separated (default: all of them).`,
    })),
    families: optional(option("--families", string({ metavar: "LIST" }), {
      description: message`Task family ids, comma-separated (default: every family this version generates).`,
    })),
    seed: withDefault(option("--seed", string({ metavar: "SEED" }), {
      description: message`Seed of every random choice (default ${DEFAULT_SEED}); the same seed gives byte-identical files.`,
    }), DEFAULT_SEED),
    perLevel: withDefault(option("--per-level", integer({ min: 1, max: 64, metavar: "K" }), {
      description: message`Tasks per (family, mechanism, level) cell (default ${text(String(DEFAULT_PER_LEVEL))}).`,
    }), DEFAULT_PER_LEVEL),
    maxTokens: withDefault(option("--max-tokens", integer({ min: 1, metavar: "L" }), {
      description: message`Prompt-token ceiling, o200k_base (default ${text(String(DEFAULT_MAX_PROMPT_TOKENS))}).`,
    }), DEFAULT_MAX_PROMPT_TOKENS),
    force: option("--force", { description: message`Replace whatever the output directory holds.` }),
    rules,
    jobs,
    json: option("--json", { description: message`Print the summary as one JSON object.` }),
  }), {
    description: message`Generate the MechReasoner benchmark (Algorithm 1): tasks.jsonl, solutions.jsonl, problems.jsonl and manifest.json; prints the Table 3 and Table 11 summaries.`,
  }),
  command("tasks", or(
    command("show", object({
      cmd: constant("tasks show" as const),
      taskId: argument(string({ metavar: "TASK_ID" }), { description: message`A task id (task_ and 16 hex digits).` }),
      dir: withDefault(option("--dir", string({ metavar: "DIR" }), { description: message`The benchmark directory (default ${DEFAULT_TASKS_DIR}).` }), DEFAULT_TASKS_DIR),
      json: option("--json", { description: message`The task and its solution as one JSON object.` }),
    }), { description: message`Show a task: the prompt exactly as sent, the gold answer and the evidence behind it.` }),
    command("stats", object({
      cmd: constant("tasks stats" as const),
      dir: argument(string({ metavar: "DIR" }), { description: message`A benchmark directory.` }),
      catalog: optional(option("--catalog", string({ metavar: "DIR" }), { description: message`The catalog directory the benchmark was generated from (for --quality; default the built-in catalog).` })),
      quality: option("--quality", { description: message`Also the shortcut measures per family and level: plausibility labels found by checkpoint-local consistency, vacuous faults and outcome-only labels of functional recovery, repeated transition answers, necessity answer patterns; and the goals they are held to.` }),
      json: option("--json", { description: message`One JSON object.` }),
    }), { description: message`Summarize a benchmark: items per family and mechanism, pool outcomes, level cells, prompt lengths; with --quality, the shortcut measures.` }),
    command("verify", object({
      cmd: constant("tasks verify" as const),
      dir: argument(string({ metavar: "DIR" }), { description: message`A benchmark directory.` }),
      catalog: optional(option("--catalog", string({ metavar: "DIR" }), { description: message`The catalog directory the benchmark was generated from (default the built-in catalog).` })),
      jobs,
      json: option("--json", { description: message`One JSON object.` }),
    }), { description: message`Check a benchmark: file and completion hashes, headers, token counts, and every gold recomputed from the catalog; exit 1 on any finding.` }),
  ), { description: message`Inspect a generated benchmark (show, stats, verify).` }),
  command("eval", or(
    command("score", object({
      cmd: constant("eval score" as const),
      runs: multiple(argument(string({ metavar: "RUN_DIR" }), { description: message`Run directories of mech eval (one model each).` }), { min: 1 }),
      tasks: optional(option("--tasks", string({ metavar: "DIR" }), { description: message`The benchmark the runs used, when it has moved (default: the directory each run recorded).` })),
      prices: optional(option("--prices", string({ metavar: "FILE" }), { description: message`A JSON price table {"MODEL": {"input_per_million": USD, "output_per_million": USD}}, for the cost column.` })),
      json: option("--json", { description: message`One JSON object: per run and family every metric, failures by class, tokens.` }),
    }), { description: message`Score runs (paper A.3): coverage, compliance, semantic and end-to-end accuracy and component means per family; Table 5's columns beside the majority baseline; Table 6 across runs; tokens and cost.` }),
    command("report", object({
      cmd: constant("eval report" as const),
      runs: multiple(argument(string({ metavar: "RUN_DIR" }), { description: message`Run directories of mech eval on one benchmark (one model each).` }), { min: 1 }),
      tasks: optional(option("--tasks", string({ metavar: "DIR" }), { description: message`The benchmark the runs used, when it has moved.` })),
      out: optional(option("--out", string({ metavar: "FILE" }), { description: message`Where the HTML page goes (default: report.html in the first run directory).` })),
      maxDetails: withDefault(option("--max-details", integer({ min: 0, metavar: "N" }), { description: message`Failures shown in full per model (default 100).` }), 100),
      replicates: withDefault(option("--replicates", integer({ min: 100, max: 1_000_000, metavar: "N" }), { description: message`Cluster-bootstrap replicates (default ${BOOTSTRAP_REPLICATES.toLocaleString("en-US")}).` }), BOOTSTRAP_REPLICATES),
    }), { description: message`The analysis of runs (paper §3.1, A.2, A.3, A.8): accuracy by complexity bin B1–B4 with mechanism-clustered bootstrap intervals, Tables 5 and 6 beside the majority baseline, the conditional-logistic regression, failures in full; one self-contained HTML page, the tables as Markdown on stdout.` }),
    object({
      cmd: constant("eval" as const),
      shard,
      tasks: optional(option("--tasks", string({ metavar: "DIR" }), { description: message`The benchmark directory (default ${DEFAULT_TASKS_DIR}).` })),
      model: optional(option("--model", string({ metavar: "MODEL" }), { description: message`The model the endpoint serves, or baseline:majority or baseline:replay (in process, no endpoint).` })),
      out: optional(option("--out", string({ metavar: "RUN_DIR" }), { description: message`The run directory: new, or a run of the same settings to resume (finished items are never sent again).` })),
      retryFailed: optional(option("--retry-failed", string({ metavar: "RUN_DIR" }), { description: message`Send a run's infrastructure failures again, with the unchanged prompts and the run's own settings.` })),
      baseUrl: optional(option("--base-url", string({ metavar: "URL" }), { description: message`An OpenAI-compatible endpoint, e.g. http://127.0.0.1:8000/v1 (default: OpenAI's).` })),
      apiKeyEnv: withDefault(option("--api-key-env", string({ metavar: "NAME" }), { description: message`The environment variable holding the API key (default OPENAI_API_KEY).` }), "OPENAI_API_KEY"),
      concurrency: withDefault(option("--concurrency", integer({ min: 1, max: 256, metavar: "N" }), { description: message`Requests in flight at once (default 20).` }), 20),
      timeout: withDefault(option("--timeout", float({ min: 0.001, metavar: "SECONDS" }), { description: message`Per-request deadline, from sending the request to the last byte of the response; a timeout is an infrastructure failure (default ${text(String(DEFAULT_REQUEST_TIMEOUT_S))}).` }), DEFAULT_REQUEST_TIMEOUT_S),
      maxResponseBytes: optional(option("--max-response-bytes", integer({ min: 1, metavar: "N" }), { description: message`The largest response body accepted; a larger one is cut off as it streams in and recorded as an oversize failure, never stored (default 1 MiB + 64 bytes per token of the output cap).` })),
      maxOutputTokens: withDefault(option("--max-output-tokens", integer({ min: 1, metavar: "N" }), { description: message`The requested output limit; the model's profile may lower it (default ${text(String(DEFAULT_MAX_OUTPUT_TOKENS))}).` }), DEFAULT_MAX_OUTPUT_TOKENS),
      reasoningEffort: withDefault(option("--reasoning-effort", choice(["minimal", "low", "medium", "high", "none"] as const, { metavar: "EFFORT" }), { description: message`minimal, low (default), medium, high, or none (sends no effort); sent only to profiles that take it.` }), "low" as const),
      temperature: optional(option("--temperature", float({ min: 0, max: 2, metavar: "T" }), { description: message`Sent only to profiles that take it (default 0).` })),
      noTemperature: option("--no-temperature", { description: message`Send no temperature at all.` }),
      jsonObject: option("--json-object", { description: message`Ask for generic JSON-object mode (profiles that support it only).` }),
      samples: optional(option("--samples", integer({ min: 1, max: 100, metavar: "K" }), { description: message`Independent requests per item at the run's settings (default 1); each sample is recorded, cached, resumed and retried on its own, and the scores add mean, majority-vote and pass@k accuracy.` })),
      families: optional(option("--families", string({ metavar: "LIST" }), { description: message`Only these task families (comma-separated ids).` })),
      mechanisms: optional(option("--mechanisms", string({ metavar: "LIST" }), { description: message`Only tasks on these mechanisms (comma-separated ids).` })),
      limit: optional(option("--limit", integer({ min: 1, metavar: "N" }), { description: message`At most N items, the first in benchmark order after the filters.` })),
      cache: optional(option("--cache", string({ metavar: "DIR" }), { description: message`The response cache (default MECHBENCH_CACHE_DIR, else the user's cache directory).` })),
      noCache: option("--no-cache", { description: message`Neither read nor write the response cache.` }),
      profiles: optional(option("--profiles", string({ metavar: "FILE" }), { description: message`A JSON profiles file overriding the built-in model profiles (output cap, controls taken).` })),
      prices: optional(option("--prices", string({ metavar: "FILE" }), { description: message`A JSON price table, for the cost in the summary.` })),
      rateLimitAttempts: withDefault(option("--rate-limit-attempts", integer({ min: 1, metavar: "N" }), { description: message`Attempts per item while the endpoint answers 429 (default ${text(String(DEFAULT_RATE_LIMIT_ATTEMPTS))}).` }), DEFAULT_RATE_LIMIT_ATTEMPTS),
      json: option("--json", { description: message`Print the scores as one JSON object.` }),
    }),
  ), { description: message`Run a model on a generated benchmark (paper A.7): one request per item (and sample, with --samples), resumable, with a response cache; then its scores. Subcommands: score, report.` }),
  command("baseline", or(
    command("answer", object({
      cmd: constant("baseline answer" as const),
      tasks: optional(option("--tasks", string({ metavar: "DIR" }), { description: message`The benchmark directory (default ${DEFAULT_TASKS_DIR}).` })),
      jobs,
      json: option("--json", { description: message`One JSON line per task: task_id, family, answer.` }),
    }), { description: message`Answer every task with the prompt-text parser (it reads only the prompt); per family, how many answers equal the gold, and items per second. Exit 1 when a prompt cannot be read.` }),
    command("serve", object({
      cmd: constant("baseline serve" as const),
      port: withDefault(option("--port", integer({ min: 0, max: 65535, metavar: "PORT" }), { description: message`The port (default ${text(String(DEFAULT_PARSER_PORT))}; 0: any free port, printed).` }), DEFAULT_PARSER_PORT),
      host: withDefault(option("--host", string({ metavar: "HOST" }), { description: message`The address to bind (default 127.0.0.1, loopback only).` }), "127.0.0.1"),
    }), { description: message`Serve the prompt-text parser as an OpenAI-compatible model (/v1/chat/completions, /v1/models) until interrupted, for mech eval --model prompt-parser --base-url http://HOST:PORT/v1.` }),
  ), { description: message`The prompt-text parser baseline (paper A.3): answer a benchmark, or serve it as a model.` }),
  command("physment", or(
    command("exec", object({
      cmd: constant("physment exec" as const),
      scene: argument(string({ metavar: "SCENE" }), { description: message`A scene directory SceneN (with sceneN.json and sceneN.xml) or a sceneN.json file.` }),
      calls: option("--calls", string({ metavar: "FILE" }), {
        description: message`A JSON array of tool calls [{"tool", "parameters"}] (PhysMent's text protocol); - for stdin.`,
      }),
    }), { description: message`Run tool calls against a scene without a model; each result is printed as one JSON line (exit 1 when a call was rejected).` }),
    command("run", object({
      cmd: constant("physment run" as const),
      shard,
      model: optional(option("--model", string({ metavar: "MODEL" }), { description: message`The model name the endpoint serves.` })),
      reference: option("--reference", { description: message`Play each scene's reference procedure instead of calling a model: the built-in scenes', or a variant set's from mech physment vary (no endpoint; should score 100 %).` }),
      baseUrl: optional(option("--base-url", string({ metavar: "URL" }), { description: message`An OpenAI-compatible endpoint (default: OpenAI's).` })),
      apiKeyEnv: withDefault(option("--api-key-env", string({ metavar: "NAME" }), { description: message`The environment variable holding the API key (default OPENAI_API_KEY).` }), "OPENAI_API_KEY"),
      scenesDir: optional(option("--scenes-dir", string({ metavar: "DIR" }), { description: message`A directory of SceneN folders (PhysMent's layout; default: the built-in scenes).` })),
      scenes: withDefault(option("--scenes", string({ metavar: "LIST" }), { description: message`Scene numbers and ranges, e.g. 7-111 or 7,9,12-15 (default 7-111).` }), "7-111"),
      budgets: withDefault(option("--budgets", string({ metavar: "LIST" }), { description: message`Iteration budgets I_max (default 5,10,15,20).` }), "5,10,15,20"),
      strategy: withDefault(option("--strategy", choice(["zero-shot", "one-shot", "few-shot-cot"] as const, { metavar: "STRATEGY" }), { description: message`Prompting strategy: zero-shot (default), one-shot or few-shot-cot.` }), "zero-shot" as const),
      protocol: withDefault(option("--protocol", choice(["tools", "text"] as const, { metavar: "PROTOCOL" }), { description: message`Native function calling (tools, default) or PhysMent's text protocol.` }), "tools" as const),
      out: option("--out", string({ metavar: "DIR" }), { description: message`Where the transcripts go (one JSONL file per episode; a finished episode is never run again).` }),
      concurrency: withDefault(option("--concurrency", integer({ min: 1, max: 64, metavar: "N" }), { description: message`Episodes in flight at once (default 4).` }), 4),
      timeout: withDefault(option("--timeout", float({ min: 0.001, metavar: "SECONDS" }), { description: message`Per-request deadline, from sending the request to the last byte of the response; a timeout is retried like any transient failure (default ${text(String(DEFAULT_REQUEST_TIMEOUT_S))}).` }), DEFAULT_REQUEST_TIMEOUT_S),
      maxResponseBytes: optional(option("--max-response-bytes", integer({ min: 1, metavar: "N" }), { description: message`The largest response body accepted; a larger one is cut off as it streams in and ends the episode as an oversize failure (default 1 MiB + 64 bytes per token of the output cap).` })),
      maxRetries: withDefault(option("--max-retries", integer({ min: 0, metavar: "N" }), { description: message`Retries of a request after a transient failure (429, timeout, connection, 5xx, malformed body), with backoff (default ${text(String(DEFAULT_MAX_RETRIES))}).` }), DEFAULT_MAX_RETRIES),
      temperature: withDefault(option("--temperature", float({ min: 0, max: 2, metavar: "T" }), { description: message`Sent only to model profiles that take it (default ${text(String(DEFAULT_TEMPERATURE))}).` }), DEFAULT_TEMPERATURE),
      maxOutputTokens: withDefault(option("--max-output-tokens", integer({ min: 1, metavar: "N" }), { description: message`The requested output limit per response; the model's profile may lower it (default ${text(String(DEFAULT_MAX_OUTPUT_TOKENS))}).` }), DEFAULT_MAX_OUTPUT_TOKENS),
      episodeTimeout: withDefault(option("--episode-timeout", float({ min: 0.001, metavar: "SECONDS" }), { description: message`Deadline of one episode in one run; past it the episode is stopped and recorded as an episode_timeout failure, which the next run continues (default ${text(String(DEFAULT_EPISODE_TIMEOUT_S))}).` }), DEFAULT_EPISODE_TIMEOUT_S),
    }), { description: message`Run the benchmark: every scene × budget against one model (or the reference agent), with retries and resume; prints the scores.` }),
    command("verify", object({
      cmd: constant("physment verify" as const),
      scenes: optional(option("--scenes", string({ metavar: "LIST" }), { description: message`Only these built-in scenes (numbers and ranges); the category counts are then not checked.` })),
      json,
    }), { description: message`Replay every built-in scene's reference procedure: the gold must be what it measures, agree with its closed form, need the category's interventions and not be readable from static attributes; the categories must have Table 1's counts.` }),
    command("vary", object({
      cmd: constant("physment vary" as const),
      seed: option("--seed", string({ metavar: "SEED" }), { description: message`The seed: the same seed draws the same variants, byte for byte (keep it secret for a private set; only its SHA-256 is written).` }),
      count: withDefault(option("--count", integer({ metavar: "K" }), { description: message`Variants per scene (default 5, at most 100).` }), 5),
      scenes: optional(option("--scenes", string({ metavar: "LIST" }), { description: message`Only these built-in scenes (numbers and ranges; default all).` })),
      out: option("--out", string({ metavar: "DIR" }), { description: message`Where the variant sets go: DIR/set-K/SceneN/ in PhysMent's layout, and DIR/variants.json (a stopped run continues).` }),
    }), { description: message`Draw fresh variants of the built-in scenes: new values from each scene's declared ranges, the gold measured by its reference procedure, kept only if verify's checks pass.` }),
    command("score", object({
      cmd: constant("physment score" as const),
      dir: argument(string({ metavar: "DIR" }), { description: message`A run's transcript directory.` }),
      scenesDir: optional(option("--scenes-dir", string({ metavar: "DIR" }), { description: message`The scenes the run used, for the ground truth (default: the built-in scenes).` })),
    }), { description: message`Score a run's finished transcripts: accuracy, the six dimensions and the Final Score per model, budget and category.` }),
    command("report", object({
      cmd: constant("physment report" as const),
      dir: argument(string({ metavar: "DIR" }), { description: message`A run's transcript directory.` }),
      scenesDir: optional(option("--scenes-dir", string({ metavar: "DIR" }), { description: message`The scenes the run used, for the ground truth (default: the built-in scenes).` })),
      out: optional(option("--out", string({ metavar: "FILE" }), { description: message`Where the HTML report goes (default DIR/report.html).` })),
      variants: optional(option("--variants", string({ metavar: "RUN_DIR" }), { description: message`A run of the same model on variants of the scenes (mech physment vary): accuracy on both side by side per category, with bootstrap intervals by scene (the memorization gap).` })),
      variantsScenesDir: optional(option("--variants-scenes-dir", string({ metavar: "DIR" }), { description: message`The variant set that run used (a set-K directory of mech physment vary).` })),
    }), { description: message`Report on a run: a self-contained HTML page with charts and tables (accuracy per budget and category, the six dimensions, failure modes); the tables as Markdown on stdout.` }),
  ), { description: message`PhysMent: scenes, tools, agent runs and scores.` }),
  // or() takes at most 15 parsers: merge, export, view and compose share one place
  or(
    command("merge", object({
      cmd: constant("merge" as const),
      dirs: multiple(argument(string({ metavar: "DIR" }), { description: message`The N shard directories of one mech generate, mech eval or mech physment run --shard run.` }), { min: 1 }),
      out: option("--out", string({ metavar: "DIR" }), { description: message`Where the joined output goes: a new or empty directory.` }),
      tasks: optional(option("--tasks", string({ metavar: "DIR" }), { description: message`Eval shards: the benchmark they ran, when it has moved.` })),
      allowUnfinished: option("--allow-unfinished", { description: message`Eval and PhysMent shards: join even when items or episodes are missing or unfinished; rerun the unsharded command on --out to finish them.` }),
      json: option("--json", { description: message`Generation and eval shards: print the summary or scores as JSON.` }),
    }), { description: message`Join the shard directories of a sharded run into exactly what the unsharded run writes (docs/cluster.md).` }),
    exportCommand,
    command("view", object({
      cmd: constant("view" as const),
      runs: multiple(argument(string({ metavar: "RUN_DIR" }), { description: message`Run directories of one benchmark: of mech eval (one model each), or transcript directories of mech physment run.` }), { min: 1 }),
      out: optional(option("--out", string({ metavar: "FILE" }), { description: message`Where the page goes (default: view.html in the first run directory).` })),
      tasks: optional(option("--tasks", string({ metavar: "DIR" }), { description: message`MechReasoner runs: the benchmark they used, when it has moved.` })),
      scenesDir: optional(option("--scenes-dir", string({ metavar: "DIR" }), { description: message`PhysMent runs: the scenes they played (default: the built-in scenes).` })),
    }), { description: message`Read what the models did: one self-contained HTML page (no network, opens from disk) listing every item or episode, filtered and sorted at will; an item's prompt, responses side by side, normalized answers, gold and evidence; an episode's timeline of tool calls and results. Keys: j/k move, Enter opens, n/p next and previous, Escape back.` }),
    command("compose", object({
      cmd: constant("compose" as const),
      seed: option("--seed", string({ metavar: "SEED" }), {
        description: message`The composer's seed (1 to 64 letters, digits or . _ : -): the same seed and options give byte-identical files. Keep it secret for a private held-out benchmark.`,
      }),
      count: option("--count", integer({ min: 0, metavar: "N" }), { description: message`How many mechanisms to accept.` }),
      components: withDefault(option("--components", string({ metavar: "MIN-MAX" }), {
        description: message`Components per mechanism (default 3-20): the difficulty dial.`,
      }), "3-20"),
      domains: optional(option("--domains", string({ metavar: "LIST" }), {
        description: message`Physical domains, comma-separated, of translational, rotational, thermal, electrical (default all; electrical needs thermal).`,
      })),
      out: option("--out", string({ metavar: "DIR" }), {
        description: message`The catalog directory: one <id>.json per mechanism and composer.json; an interrupted composition there is continued; refused when it holds anything else, unless --force.`,
      }),
      force: option("--force", { description: message`Replace the .json files the output directory holds.` }),
      json: option("--json", { description: message`Print the summary as one JSON object.` }),
    }), {
      description: message`Compose mechanisms from the component library, each checked by the acceptance gates (library, converter checks, numerical check, episode-graph soundness, a start case that moves); docs/compose.md. Generate a benchmark from them with ${"mech generate --catalog DIR"}.`,
    }),
  ),
  command("bench", or(
    command("solve", object({
      cmd: constant("bench solve" as const),
      mechanism: optional(mechanismArg),
      synthetic: optional(option("--synthetic", string({ metavar: "FAMILY:N" }), {
        description: message`A synthetic thermal mechanism instead of MECHANISM: chain:N (N capacitors in a row) or ladder:N (2×N), timed in its flowing state.`,
      })),
      state,
      scenario,
      runs: optional(option("--runs", integer({ min: 1, metavar: "K" }), {
        description: message`Timed runs after the warm-up runs (at least 250 ms) (default ${text(String(DEFAULT_SOLVE_RUNS))}).`,
      })),
      referenceTimeout: optional(option("--reference-timeout", float({ min: 0.001, metavar: "SECONDS" }), {
        description: message`Abandon a run of the TypeScript reference solver after this long and report it as not finished (default ${text(String(DEFAULT_REFERENCE_TIMEOUT_S))}).`,
      })),
      json: option("--json", { description: message`One JSON object.` }),
    }), {
      description: message`Time compiling and solving a mechanism's problems: median, p95 and throughput of the WASM solver and, where it finishes in time, the TypeScript reference (counts checked equal); exact counts and MDD nodes.`,
    }),
    command("simulate", object({
      cmd: constant("bench simulate" as const),
      mechanism: optional(mechanismArg),
      synthetic: optional(option("--synthetic", string({ metavar: "FAMILY:N" }), {
        description: message`A synthetic thermal mechanism instead of MECHANISM: chain:N or ladder:N, from the first episode of its flowing state.`,
      })),
      scenario: startCase,
      horizon: optional(option("--horizon", integer({ min: 0, max: MAX_HORIZON, metavar: "H" }), {
        description: message`Build the graph to depth H (default ${text(String(DEFAULT_HORIZON))}).`,
      })),
      rules,
      runs: optional(option("--runs", integer({ min: 1, metavar: "K" }), {
        description: message`Timed runs after the warm-up runs (at least 250 ms) (default ${text(String(DEFAULT_SIMULATE_RUNS))}).`,
      })),
      json: option("--json", { description: message`One JSON object.` }),
    }), {
      description: message`Time building the bounded episode graph from the start case (as mech simulate starts): median, p95, episodes and edges per layer, episodes/s.`,
    }),
  ), { description: message`Benchmark the solver and the episode graph on a mechanism (solve, simulate).` }),
  command("catalog", or(
    command("list", object({ cmd: constant("catalog list" as const) }), {
      description: message`List the built-in mechanisms: id, provenance, components, composite states, scenarios.`,
    }),
    command("show", object({ cmd: constant("catalog show" as const), mechanism: mechanismArg }), {
      description: message`Describe a mechanism: components, laws, states, transitions, connections and scenarios.`,
    }),
    command("check", object({
      cmd: constant("catalog check" as const),
      mechanisms: multiple(argument(string({ metavar: "MECHANISM" }), {
        description: message`Catalog ids or mechanism .json files to check (default: every built-in mechanism).`,
      })),
      json,
      numeric: option("--numeric", {
        description: message`Run the numerical consistency check instead: integrate each mechanism's numeric model (assembled from its component types' equations, so a mechanism file needs no code), project the observations onto the qualitative vocabulary and compare (Table 8).`,
      }),
      paths: option("--paths", {
        description: message`Run the episode graph's soundness check instead: every pair of consecutive qualitative observations of the numerical runs must be joined by a path of admissible edges.`,
      }),
      rules,
      revert,
      jobs,
    }), {
      description: message`Run the converter checks and print a summary table; exit code 1 when a check fails.`,
    }),
    command("edges", object({
      cmd: constant("catalog edges" as const),
      mechanisms: multiple(argument(string({ metavar: "MECHANISM" }), {
        description: message`Catalog ids or mechanism .json files (default: every built-in mechanism).`,
      })),
      horizon: withDefault(option("--horizon", integer({ min: 1, max: 10, metavar: "H" }), {
        description: message`Count edges at horizons 1 to H (default 3).`,
      }), 3),
      rules,
      revert,
      json,
    }), {
      description: message`Count the bounded episode graph's edges at each horizon from every scenario's first initial episode, under an edge-rule profile.`,
    }),
  ), { description: message`Inspect and check the built-in catalog (list, show, check, edges).` }),
);

const io: Io = {
  readText(path) {
    try {
      if (path === "-") return new TextDecoder().decode(readAllStdin());
      return Deno.readTextFileSync(path);
    } catch (e) {
      if (e instanceof Deno.errors.NotFound) throw new InputError(`${path}: no such file`);
      if (e instanceof Deno.errors.PermissionDenied) throw new InputError(`${path}: permission denied`);
      if (e instanceof Deno.errors.IsADirectory) throw new InputError(`${path}: is a directory, expected a file`);
      throw e;
    }
  },
  writeText(path, text) {
    try {
      Deno.writeTextFileSync(path, text);
    } catch (e) {
      if (e instanceof Deno.errors.NotFound) throw new InputError(`${path}: no such directory`);
      if (e instanceof Deno.errors.PermissionDenied) throw new InputError(`${path}: permission denied`);
      if (e instanceof Deno.errors.IsADirectory) throw new InputError(`${path}: is a directory, expected a file`);
      throw e;
    }
  },
  out: (text) => writeAll(Deno.stdout, text + "\n"),
  err: (text) => writeAll(Deno.stderr, text + "\n"),
  ...(Deno.stderr.isTerminal() ? { status: (text: string | null) => writeAll(Deno.stderr, text === null ? "\r\x1b[K" : `\r\x1b[K${text.slice(0, (Deno.consoleSize?.().columns ?? 100) - 1)}`) } : {}),
};

function readAllStdin(): Uint8Array {
  const chunks: Uint8Array[] = [];
  const buf = new Uint8Array(65536);
  for (;;) {
    const n = Deno.stdin.readSync(buf);
    if (n === null) break;
    chunks.push(buf.slice(0, n));
  }
  const out = new Uint8Array(chunks.reduce((s, c) => s + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

const encoder = new TextEncoder();
function writeAll(w: { writeSync(p: Uint8Array): number }, text: string): void {
  let data = encoder.encode(text);
  while (data.length) data = data.subarray(w.writeSync(data));
}

// Arguments that ask @optique/run for help or completion rather than a command.
const META_ARGS = new Set(["--help", "-h", "help", "--completion", "completion"]);

/**
 * The parsed command. Arguments that parse as a command are taken straight from
 * @optique/core's parser; help, completion and every parse error go through
 * @optique/run, which prints them and exits. @optique/run is imported only then: it
 * loads Node's fs, path and process modules, which cost Deno about 50 ms at start-up
 * (bench/startup_bench.ts).
 */
async function parseArgs(argv: readonly string[]) {
  if (!argv.some((a) => META_ARGS.has(a))) {
    const parsed = parseSync(parser, argv);
    if (parsed.success) return parsed.value;
  }
  const { run } = await import("@optique/run");
  return run(parser, {
    programName: "mech",
    args: argv,
    help: "both",
    completion: "both",
    errorExitCode: 2,
    // The top-level help lists the commands with one line each; `mech COMMAND --help`
    // shows a command's full usage (every command's usage here was 30 long lines).
    usageLine: [
      { type: "argument", metavar: "COMMAND" },
      { type: "multiple", terms: [{ type: "argument", metavar: "ARG" }], min: 0 },
    ],
    brief: message`Mechbench: exact qualitative simulation and mechanistic-reasoning benchmarks.`,
    footer: message`Run mech COMMAND --help for a command's usage and options.`,
  });
}

async function main(): Promise<number> {
  const args = await parseArgs(Deno.args);
  ({ InputError } = await import("./io.ts"));
  try {
    switch (args.cmd) {
      case "run":
        (await import("./commands.ts")).runCommand(args, io);
        break;
      case "solve":
        (await import("./commands.ts")).solveCommand(args, io);
        break;
      case "compile":
        (await import("./commands.ts")).compileCommand(args, io);
        break;
      case "list":
        (await import("./commands.ts")).listCommand(io);
        break;
      case "validate":
        (await import("./commands.ts")).validateCommand(args.files, io);
        break;
      case "catalog list":
        (await import("./catalog_commands.ts")).catalogListCommand(io);
        break;
      case "catalog show":
        (await import("./catalog_commands.ts")).catalogShowCommand(args, io);
        break;
      case "simulate":
        (await import("./episode_commands.ts")).simulateCommand(args, io);
        break;
      case "explain-edge":
        return (await import("./episode_commands.ts")).explainEdgeCommand(args, io);
      case "physment exec":
        return await (await import("./physment_commands.ts")).physmentExecCommand(args, io);
      case "physment run":
        return await (await import("./physment_commands.ts")).physmentRunCommand(args, io, readEnv, listJsonl);
      case "physment verify":
        return await (await import("./physment_commands.ts")).physmentVerifyCommand(args, io);
      case "physment vary":
        return await (await import("./physment_commands.ts")).physmentVaryCommand(args, io);
      case "physment score":
        return (await import("./physment_commands.ts")).scoreDirectory(args.dir, args.scenesDir, io, listJsonl);
      case "physment report":
        return await (await import("./physment_commands.ts")).physmentReportCommand(args, io, listJsonl);
      case "compose":
        return (await import("./compose_commands.ts")).composeCommand(args, io);
      case "view":
        return await (await import("./view_commands.ts")).viewCommand(args, io);
      case "generate":
        return await (await import("./tasks_commands.ts")).generateCommand(args, io);
      case "eval":
        return await (await import("./eval_commands.ts")).evalCommand(args, io, { env: readEnv });
      case "eval score":
        return (await import("./eval_commands.ts")).evalScoreCommand(args, io);
      case "eval report":
        return await (await import("./eval_commands.ts")).evalReportCommand(args, io);
      case "merge":
        return await (await import("./merge_commands.ts")).mergeCommand(args, io);
      case "baseline answer":
        return await (await import("./baseline_commands.ts")).baselineAnswerCommand(args, io);
      case "baseline serve":
        return await (await import("./baseline_commands.ts")).baselineServeCommand(args, io, untilSignal());
      case "tasks show":
        return (await import("./tasks_commands.ts")).tasksShowCommand(args, io);
      case "tasks stats":
        return (await import("./tasks_commands.ts")).tasksStatsCommand(args, io);
      case "tasks verify":
        return await (await import("./tasks_commands.ts")).tasksVerifyCommand(args, io);
      case "export modelica":
        return (await import("./export_commands.ts")).exportModelicaCommand(args, io);
      case "bench solve":
        return (await import("./bench_commands.ts")).benchSolveCommand(args, io);
      case "bench simulate":
        return (await import("./bench_commands.ts")).benchSimulateCommand(args, io);
      case "catalog edges":
        return (await import("./episode_commands.ts")).catalogEdgesCommand(args, io);
      case "catalog check":
        if (args.numeric && args.paths) throw new InputError("--numeric and --paths are separate checks; give one");
        if (!args.paths && (args.rules !== DEFAULT_PROFILE || args.revert.length)) throw new InputError("--rules and --revert apply to the episode graph: give them with --paths");
        if (args.paths) return await (await import("./numeric_commands.ts")).pathCheckCommand(args, io);
        if (args.numeric) return await (await import("./numeric_commands.ts")).numericCheckCommand(args, io);
        return (await import("./catalog_commands.ts")).catalogCheckCommand(args, io);
    }
    return 0;
  } catch (e) {
    return await report(e);
  }
}

/**
 * Exit code for an error a command threw, after printing it: 2 for bad input, 1 for a
 * solve refused. The classes come from the public entries: the solver's, which every
 * command has loaded, then the MechReasoner benchmark's, only for an error the solver's
 * do not explain (a command that threw one of its classes has loaded it already).
 */
async function report(e: unknown): Promise<number> {
  const solver = await import("../engine/api/solver.ts");
  const input = [InputError, solver.MechanismError, solver.CompileError, solver.OptionsError, solver.EpisodeSpecError, solver.UnknownMechanismError];
  if (input.some((c) => e instanceof c)) {
    io.err(`mech: ${(e as Error).message}`);
    return 2;
  }
  if (e instanceof solver.SolveError || e instanceof solver.ComposeError) {
    io.err(`mech: ${e.message}`);
    return 1;
  }
  if (e instanceof Error && e.name === "BrokenPipe") return 0;
  const { RunError, SelectionError, StoreError } = await import("../engine/api/mechreasoner.ts");
  if (e instanceof StoreError || e instanceof RunError || e instanceof SelectionError) {
    io.err(`mech: ${e.message}`);
    return 2;
  }
  io.err(`mech: internal error: ${e instanceof Error ? e.message : String(e)}`);
  return 1;
}

/**
 * An environment variable, or undefined. The compiled binary may read only the
 * variables it was granted (README, "A single binary"); asking for another is the
 * user's input (--api-key-env), so it gets a clear error rather than an internal one.
 */
function readEnv(name: string): string | undefined {
  try {
    return Deno.env.get(name);
  } catch (e) {
    if (e instanceof Deno.errors.NotCapable || e instanceof Deno.errors.PermissionDenied) {
      throw new InputError(`cannot read the environment variable ${name}: not granted to this program (the compiled binary reads only names starting with OPENAI_ or MECHBENCH_); put the value in such a variable and name that one`);
    }
    throw e;
  }
}

/** Resolves on the first SIGINT or SIGTERM (a server's way to stop). */
function untilSignal(): Promise<void> {
  return new Promise((resolve) => {
    const stop = () => resolve();
    Deno.addSignalListener("SIGINT", stop);
    Deno.addSignalListener("SIGTERM", stop);
  });
}

/** The *.jsonl files of a directory (for physment score). */
function listJsonl(dir: string): string[] {
  try {
    return [...Deno.readDirSync(dir)].filter((e) => e.isFile && e.name.endsWith(".jsonl")).map((e) => e.name);
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) throw new InputError(`${dir}: no such directory`);
    throw e;
  }
}

Deno.exit(await main());
