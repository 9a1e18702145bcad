// A PhysMent agent written as a plain TypeScript function.
//
// PhysMent hands an agent a MuJoCo scene, a physics question about it and 26 tools; the
// agent experiments through the tools and submits an answer. An agent is any function that
// takes the conversation so far and the tools' JSON schemas and replies with tool calls;
// here it is a hand-written policy instead of a language model. It reads the task for the
// object, a velocity to give it and how long to wait; in its first turn it sets that
// velocity (when the task names one), lets the simulation run and measures the object's
// velocity; in its second it answers the speed it measured. It plays two built-in scenes
// (7: a ball falling, 9: a crate sliding to a stop on a rough floor) at a budget of 5
// iterations, keeps the transcripts in memory, and prints each episode's scores and the
// run's summary (accuracy, the six dimensions, the Final Score).
//
// Run it from the repository:
//
//   deno run examples/physment_agent.ts
//
// Permissions: none (the built-in scenes and MuJoCo's WebAssembly are part of the modules
// it imports; nothing is read from or written to the disk, and no network is used).
import { type ModelReplyShape, type ModelRequest, runPhysment, scorePhysment } from "@mechbench/mechbench/physment";

/** The task sentence of the scene (the prompt's "Task:" line). */
function taskOf(request: ModelRequest): string {
  const prompt = request.messages.find((m) => m.role === "user")?.content ?? "";
  return /^Task: (.*)$/m.exec(prompt)?.[1] ?? "";
}

/** The agent: measure once, then answer the speed measured. */
function measureThenAnswer(request: ModelRequest): ModelReplyShape {
  // the tools on offer, as function-calling schemas; a policy can only call what is offered
  const offered = new Set(request.tools.map((t) => t.function.name));
  for (const tool of ["set_velocity", "step", "get_velocity", "answer"]) {
    if (!offered.has(tool)) throw new Error(`this policy needs the ${tool} tool`);
  }
  // the results of the calls so far, one tool message per call
  const results = request.messages.flatMap((m) => (m.role === "tool" ? [JSON.parse(m.content)] : []));
  const task = taskOf(request);
  const object = /object_\d+/.exec(task)?.[0] ?? "object_1";

  const measured = results.findLast((r) => r.tool === "get_velocity")?.result?.velocity;
  if (measured) {
    const speed = Math.hypot(...(measured as number[]));
    return {
      content: `The measured velocity is [${measured.join(", ")}] m/s, so the speed is ${speed.toFixed(3)} m/s.`,
      toolCalls: [{ name: "answer", arguments: { answer: Number(speed.toFixed(3)) } }],
    };
  }

  // "a velocity of 5 m/s along +x": give the object that velocity first
  const push = /velocity of (\d+(?:\.\d+)?) m\/s along \+x/.exec(task);
  // "0.8 s after release", "0.6 s later": how long to let the world run
  const wait = Number(/(\d+(?:\.\d+)?) s (?:after|later)/.exec(task)?.[1] ?? 1);
  return {
    content: `I ${push ? `give ${object} ${push[1]} m/s along +x, ` : ""}let the simulation run ${wait} s and measure its velocity.`,
    toolCalls: [
      ...(push ? [{ name: "set_velocity", arguments: { object_id: object, velocity_vector: [Number(push[1]), 0, 0] } }] : []),
      { name: "step", arguments: { duration: wait } },
      { name: "get_velocity", arguments: { object_id: object } },
    ],
  };
}

const run = await runPhysment({
  // the id names the agent in transcripts and scores; change it whenever the function changes
  model: { id: "measure-then-answer", function: measureThenAnswer },
  scenes: [7, 9],
  budgets: [5],
  onProgress: (e) => {
    if (e.kind === "finished") console.log(`scene ${e.episode.scene}: answered ${JSON.stringify(e.result.answer)} in ${e.result.iterations} iterations`);
    if (e.kind === "failed") console.log(`scene ${e.episode.scene}: failed (${e.failure}): ${e.error}`);
  },
});

const { scores, summaries } = scorePhysment(run);
console.log("\n| scene | correct | C | E | G | V | R |");
console.log("|---:|---|---:|---:|---:|---:|---:|");
for (const s of scores) {
  const f = (x: number | null) => (x === null ? "—" : x.toFixed(2));
  console.log(`| ${s.scene_id} | ${s.correct ? "yes" : "no"} | ${f(s.C)} | ${f(s.E)} | ${f(s.G)} | ${f(s.V)} | ${f(s.R)} |`);
}
const all = summaries.find((s) => s.budget === "all" && s.category === "all")!;
console.log(`\naccuracy ${(100 * all.accuracy).toFixed(1)} %, Final Score ${all.final_score.toFixed(1)} over ${all.episodes} episodes`);
