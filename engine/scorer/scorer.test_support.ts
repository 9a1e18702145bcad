// Fixtures for the portable scorer's tests: a small generated benchmark with three runs on
// it (the gold replayed, the majority baseline, a model that mixes right, wrong, unreadable
// answers and timeouts), what `mech eval score --json` says of each, and two PhysMent
// episodes played on a small scene through the agent loop, scored the way
// `mech physment score` scores transcripts. The tests compare the package with these.
import { readFileSync } from "node:fs";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeSmallBenchmark } from "../eval/eval.test_support.ts";
import { BaselineClient } from "../eval/baseline_client.ts";
import { planRun } from "../eval/plan.ts";
import { openRun } from "../eval/run_store.ts";
import { runEval } from "../eval/runner.ts";
import { ModelError, type ModelClient } from "../llm/model.ts";
import { readTaskSet } from "../tasks/store.ts";
import { evalScoreCommand } from "../../cli/eval_commands.ts";
import { fileIo } from "../../cli/cli.test_support.ts";
import { dropScene } from "../physment/sim/fixtures.test_support.ts";
import { sceneSetup, sceneTruth } from "../physment/setup.ts";
import { buildPrompt } from "../physment/agent/prompt.ts";
import { runEpisode } from "../physment/agent/loop.ts";
import { scriptedAgent, type ScriptedTurn } from "../physment/agent/scripted_client.ts";
import { MemoryTranscriptStore, parseTranscript } from "../physment/agent/transcript.ts";
import { episodeRecord } from "../physment/evaluate.ts";
import { type EpisodeRecord, type EpisodeScore, scoreEpisode } from "../physment/score/dimensions.ts";
import { type Summary, summarize } from "../physment/score/aggregate.ts";

const jsonl = (path: string) => readFileSync(path, "utf8").split("\n").filter((l) => l.trim()).map((l) => JSON.parse(l) as unknown);

export interface RunFixture {
  model: string;
  dir: string;
  /** records.jsonl's lines, as parsed JSON. */
  records: unknown[];
  /** `mech eval score RUN --json`'s run object. */
  cli: Record<string, unknown>;
}

export interface EvalFixture {
  tasksDir: string;
  tasks: unknown[];
  solutions: unknown[];
  runs: RunFixture[];
}

/** The benchmark, the three runs and the CLI's scores of each. */
export async function evalFixture(): Promise<EvalFixture> {
  const dir = mkdtempSync(join(tmpdir(), "mechbench-scorer-runs-"));
  const { dir: tasksDir, items } = writeSmallBenchmark();
  const set = readTaskSet(tasksDir);
  const mixed: ModelClient = {
    model: "mixed",
    chat: (m) => {
      const k = items.findIndex((i) => i.prompt === m.at(-1)!.content);
      if (k % 5 === 4) return Promise.reject(new ModelError("timeout", "no answer in time"));
      const content = k % 5 === 0 ? JSON.stringify({ answer: items[k].gold }) : k % 5 === 1 ? "no idea" : k % 5 === 2 ? "```json\n{\"answer\": {}}\n```" : `Here: ${JSON.stringify({ answer: items[(k + 1) % items.length].gold })}`;
      return Promise.resolve({ content, toolCalls: [], usage: { prompt_tokens: 100 + k, completion_tokens: 10, total_tokens: 110 + k }, finishReason: "stop" });
    },
  };
  const runs: RunFixture[] = [];
  for (const client of [new BaselineClient("replay", items), new BaselineClient("majority", items), mixed]) {
    const plan = planRun({ set, selection: { families: null, mechanisms: null, limit: null }, model: client.model, baseUrl: "http://test.invalid/v1", apiKeyEnv: null, settings: { max_output_tokens: 100, temperature: 0, reasoning_effort: null, json_object: false } });
    const runDir = join(dir, client.model.replace(":", "-"));
    const run = await openRun(runDir, plan.config);
    await runEval({ items, client, endpoint: plan.config.endpoint, controls: plan.config.request, cache: null, existing: [], append: run.append, concurrency: 4 });
    run.close();
    const io = fileIo();
    if (evalScoreCommand({ runs: [runDir], json: true }, io) !== 0) throw new Error(`mech eval score ${runDir} failed: ${io.lines.join("\n")}`);
    const cli = (JSON.parse(io.lines.join("\n")) as { runs: Record<string, unknown>[] }).runs[0];
    runs.push({ model: client.model, dir: runDir, records: jsonl(join(runDir, "records.jsonl")), cli });
  }
  return { tasksDir, tasks: jsonl(join(tasksDir, "tasks.jsonl")), solutions: jsonl(join(tasksDir, "solutions.jsonl")), runs };
}

/** What the package's scoreRun returns that the CLI prints too. */
export const CLI_FIELDS = ["model", "items", "missing", "families", "failures", "tokens"] as const;


const play = (answer: number, budget: number): ScriptedTurn[] => [
  { reasoning: "First I read where the ball is.", calls: [{ tool: "get_position", parameters: { object_id: "object_1" } }] },
  { reasoning: "Release it for 0.5 s and read the velocity.", calls: [{ tool: "step", parameters: { duration: 0.5 } }, { tool: "get_velocity", parameters: { object_id: "object_1" } }] },
  { reasoning: `The vertical velocity is ${answer} m/s after ${budget} tries at most.`, calls: [{ tool: "answer", parameters: { answer } }] },
];

export interface PhysmentFixture {
  /** Episode records as transcripts become them (plain JSON). */
  records: EpisodeRecord[];
  scores: EpisodeScore[];
  summaries: Summary[];
}

/** Two episodes (a right and a wrong answer) on a one-ball scene, as `mech physment score` scores them. */
export async function physmentFixture(): Promise<PhysmentFixture> {
  const scene = await dropScene();
  const records: EpisodeRecord[] = [];
  for (const [answer, budget] of [[-4.905, 5], [-3, 10]] as const) {
    const setup = await sceneSetup(scene, "drop");
    const store = new MemoryTranscriptStore();
    const sink = await store.create("drop");
    try {
      await runEpisode({
        client: scriptedAgent(play(answer, budget), "function"),
        toolbox: setup.toolbox,
        prompt: buildPrompt({ scene: setup.scene, specs: setup.toolbox.specs, budget, strategy: "zero-shot", protocol: "function" }),
        protocol: "function",
        budget,
        scene: "drop",
        strategy: "zero-shot",
        transcript: sink,
      });
    } finally {
      await setup.close?.();
    }
    const transcript = parseTranscript(store.files.get("drop")!).records;
    records.push(JSON.parse(JSON.stringify(episodeRecord(transcript, sceneTruth(scene, 1, "easy_single_physics")))) as EpisodeRecord);
  }
  const scores = records.map((r) => scoreEpisode(r));
  return { records, scores, summaries: summarize(scores) };
}
