// Evaluate a model that has no OpenAI-compatible endpoint: the model is a TypeScript
// function that calls any HTTP API (here a Messages-style API: POST {model, system,
// messages, max_tokens} → {content: [{type: "text", text}], usage, stop_reason}); a
// vendor's SDK goes in its place the same way. The function gets the request (system
// message, prompt, task metadata, controls, an AbortSignal) and returns the reply's text,
// usage and finish reason; it passes the signal on to fetch, so a deadline or a stopped run
// cancels the HTTP request, and it reports failures as ModelErrors of the kind the runner
// retries or records. The run goes through the runner of `mech eval`: concurrency,
// deadlines, failure classes, progress, and the response cache keyed by the model's id
// (the second run below is answered from it without a request).
//
// Run:         deno run --allow-net=127.0.0.1 --allow-env=MODEL_API_URL,MODEL_API_KEY examples/function_model.ts [URL]
// Permissions: --allow-net=127.0.0.1 --allow-env=MODEL_API_URL,MODEL_API_KEY
//   --allow-net  the API's host: 127.0.0.1 for a model served on this machine; name your API's host instead
//   --allow-env  the API's URL and key, when they come from the environment
// URL: the API's address (default: $MODEL_API_URL, else http://127.0.0.1:8080/v1/messages).
import {
  evaluate,
  generateBenchmark,
  MemoryResponseCache,
  type ModelReplyShape,
  ModelError,
  type ModelRequest,
  scoreEvaluation,
} from "@mechbench/mechbench/mechreasoner";

const url = Deno.args[0] ?? Deno.env.get("MODEL_API_URL") ?? "http://127.0.0.1:8080/v1/messages";
const apiKey = Deno.env.get("MODEL_API_KEY");

/** The model as a function: one HTTP request per call. */
async function messagesApi(req: ModelRequest): Promise<ModelReplyShape> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
      body: JSON.stringify({
        model: "my-model",
        system: req.system,
        messages: [{ role: "user", content: req.prompt }],
        max_tokens: req.controls.max_tokens ?? req.controls.max_completion_tokens ?? 20_000,
      }),
      signal: req.signal, // a deadline or a stopped run cancels the request
    });
  } catch (e) {
    if (req.signal.aborted) throw e; // the runner already knows why (timeout or stop)
    throw new ModelError("transport", `cannot reach ${url}: ${e instanceof Error ? e.message : e}`, { cause: e });
  }
  const text = await res.text();
  // the kind decides what the runner does: rate_limit is retried with backoff, the others are recorded as failures
  if (res.status === 429) throw new ModelError("rate_limit", "rate limited", { status: 429, retryAfterSeconds: Number(res.headers.get("retry-after")) || undefined });
  if (res.status >= 500) throw new ModelError("server", `HTTP ${res.status}: ${text.slice(0, 200)}`, { status: res.status });
  if (!res.ok) throw new ModelError("fatal", `HTTP ${res.status}: ${text.slice(0, 200)}`, { status: res.status });
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ModelError("malformed", `malformed reply: not JSON: ${text.slice(0, 100)}`);
  }
  if (!Array.isArray(body?.content)) throw new ModelError("malformed", "malformed reply: no content array");
  return {
    content: body.content.filter((c: { type?: string }) => c.type === "text").map((c: { text: string }) => c.text).join(""),
    usage: body.usage ? { prompt_tokens: body.usage.input_tokens, completion_tokens: body.usage.output_tokens } : null,
    finishReason: body.stop_reason ?? null,
  };
}

const benchmark = await generateBenchmark({ mechanisms: ["electrical_resistor", "mechanics_accelerate"], perLevel: 1 });
// the cache is keyed by the model's id (with the request): change the id whenever the function or the model behind it changes
const cache = new MemoryResponseCache();
const model = { id: "my-model@messages-api", function: messagesApi, timeoutMs: 120_000 };

const run = await evaluate({
  benchmark,
  model,
  cache,
  concurrency: 8,
  onProgress: (p) => {
    if (p.last) console.error(`${p.done}/${p.total} ${p.last.task_id} ${p.last.type}`);
  },
});
const s = run.summary!;
console.log(`first run: ${s.sent} sent, ${s.cached} from the cache, ${JSON.stringify(s.failures)} failures, tokens ${s.inputTokens} in / ${s.outputTokens} out`);
const all = scoreEvaluation(run).families.at(-1)!;
console.log(`score: coverage ${all.coverage}, compliance ${all.compliance?.toFixed(3)}, e2e accuracy ${all.e2e_accuracy?.toFixed(3)} over ${all.n} items`);

const again = await evaluate({ benchmark, model, cache });
console.log(`second run: ${again.summary!.sent} sent, ${again.summary!.cached} from the cache`);
