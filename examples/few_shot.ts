// A few-shot prompt wrapper around an endpoint model: a function model that puts worked
// examples before each prompt — other tasks of the same family with their gold answers,
// taken from the benchmark itself — and sends the conversation to an OpenAI-compatible Chat
// Completions endpoint. The same endpoint is also evaluated zero-shot (as an endpoint
// model, the way `mech eval --base-url` runs it), and the two scores are printed side by
// side. The request controls of the run (output limit, temperature, reasoning effort) reach
// the function in `req.controls` and are sent as they are; the request's signal is passed on
// to fetch.
//
// Run:         deno run --allow-net=127.0.0.1 '--allow-env=OPENAI_*' examples/few_shot.ts [BASE_URL [MODEL [SHOTS]]]
// Permissions: --allow-net=127.0.0.1 --allow-env=OPENAI_*
//   --allow-net  the endpoint's host: 127.0.0.1 for a server on this machine (vLLM, llama.cpp,
//                `mech baseline serve`); name your provider's host instead
//   --allow-env  the API key, when the endpoint needs one, and the openai client's own OPENAI_* settings
// BASE_URL: the endpoint (default http://127.0.0.1:8000/v1); MODEL: its model name (default
// "my-model"); SHOTS: worked examples per prompt (default 2).
import {
  type ChatMessage,
  evaluate,
  generateBenchmark,
  type ModelReplyShape,
  ModelError,
  type ModelRequest,
  scoreEvaluation,
} from "@mechbench/mechbench/mechreasoner";

const baseUrl = Deno.args[0] ?? "http://127.0.0.1:8000/v1";
const modelName = Deno.args[1] ?? "my-model";
const shots = Number(Deno.args[2] ?? 2);
const apiKey = Deno.env.get("OPENAI_API_KEY");

const benchmark = await generateBenchmark({ mechanisms: ["electrical_resistor", "mechanics_accelerate"], perLevel: 1 });
const gold = new Map(benchmark.solutions.map((s) => [s.task_id, s.answer]));

/** The worked examples for a task: other tasks of its family, other mechanisms' first. */
function examplesFor(taskId: string, family: string, mechanism: string): ChatMessage[] {
  const others = benchmark.tasks.filter((t) => t.family === family && t.task_id !== taskId);
  const chosen = [...others.filter((t) => t.mechanism !== mechanism), ...others.filter((t) => t.mechanism === mechanism)].slice(0, shots);
  return chosen.flatMap((t): ChatMessage[] => [
    { role: "user", content: t.prompt },
    { role: "assistant", content: JSON.stringify({ answer: gold.get(t.task_id) }) },
  ]);
}

/** One Chat Completions request, its failures reported as the runner's ModelError kinds. */
async function chat(messages: readonly ChatMessage[], controls: Readonly<Record<string, unknown>>, signal: AbortSignal): Promise<ModelReplyShape> {
  let res: Response;
  try {
    res = await fetch(`${baseUrl}/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
      body: JSON.stringify({ model: modelName, messages, ...controls }),
      signal,
    });
  } catch (e) {
    if (signal.aborted) throw e;
    throw new ModelError("transport", `cannot reach ${baseUrl}: ${e instanceof Error ? e.message : e}`, { cause: e });
  }
  const text = await res.text();
  if (res.status === 429) throw new ModelError("rate_limit", "rate limited", { status: 429, retryAfterSeconds: Number(res.headers.get("retry-after")) || undefined });
  if (res.status >= 500) throw new ModelError("server", `HTTP ${res.status}: ${text.slice(0, 200)}`, { status: res.status });
  if (!res.ok) throw new ModelError("fatal", `HTTP ${res.status}: ${text.slice(0, 200)}`, { status: res.status });
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ModelError("malformed", `malformed reply: not JSON: ${text.slice(0, 100)}`);
  }
  const choice = body?.choices?.[0];
  if (!choice?.message) throw new ModelError("malformed", "malformed reply: no choices[0].message");
  return {
    content: choice.message.content ?? null,
    usage: body.usage ? { prompt_tokens: body.usage.prompt_tokens, completion_tokens: body.usage.completion_tokens } : null,
    finishReason: choice.finish_reason ?? null,
  };
}

/** The few-shot model: system message, worked examples, then the task's prompt. */
function fewShot(req: ModelRequest): Promise<ModelReplyShape> {
  const task = req.task!;
  const messages: ChatMessage[] = [
    ...(req.system === null ? [] : [{ role: "system" as const, content: req.system }]),
    ...examplesFor(String(task.task_id), String(task.family), String(task.mechanism)),
    { role: "user", content: req.prompt },
  ];
  return chat(messages, req.controls, req.signal);
}

const zeroShot = await evaluate({ benchmark, model: { id: modelName, baseUrl, apiKey, apiKeyEnv: apiKey ? "OPENAI_API_KEY" : undefined }, concurrency: 4 });
// the id names the wrapper and its settings: runs and the response cache tell the two apart
const withShots = await evaluate({ benchmark, model: { id: `${modelName}+${shots}-shot`, function: fewShot, timeoutMs: 600_000 }, concurrency: 4 });

console.log(`${benchmark.tasks.length} items at ${baseUrl}; e2e accuracy (compliance)`);
for (const run of [zeroShot, withShots]) {
  const all = scoreEvaluation(run).families.at(-1)!;
  const failures = Object.values(run.summary!.failures).reduce((x, y) => x + (y ?? 0), 0);
  console.log(`${run.config.model.padEnd(24)} ${all.e2e_accuracy?.toFixed(3)} (${all.compliance?.toFixed(3)}); ${run.summary!.sent} sent, ${failures} failed`);
}
