// Solver scripting on a mechanism file of your own: validate it against the built-in
// component library, count the interpretations of every composite state (exact, as bigint)
// with the variables left open, build the episode graph from a scenario's start, print the
// facts forced in its initial state, and ask why one candidate edge is admitted and another
// rejected (which clause, E1–E8 or the transition declarations, fails).
//
// examples/my_mechanism.json is the mechanism used by default: tea cooling in a cup in a
// room, a variant of the catalog's thermal_three_node_chain whose far heat capacitor became
// a room at a fixed temperature.
//
// Run:         deno run --allow-read=examples examples/solver_scripting.ts [MECHANISM.json [SCENARIO]]
// Permissions: --allow-read=examples
//   --allow-read  the mechanism file (run from the repository's root; for a file elsewhere, name its folder)
// MECHANISM.json: the file (default examples/my_mechanism.json); SCENARIO: where the graph starts
// (default: the file's start case, its first scenario with case restrictions).
import { explainEdge, MechanismError, parseMechanism, simulate, solveStates } from "@mechbench/mechbench/solver";

const file = Deno.args[0] ?? "examples/my_mechanism.json";
let model;
try {
  model = parseMechanism(Deno.readTextFileSync(file), file);
} catch (e) {
  // a bad file: the message names the file, the JSON path and what was expected
  if (e instanceof MechanismError) {
    console.error(e.message);
    Deno.exit(2);
  }
  throw e;
}

// ---- interpretations per composite state -----------------------------------------------
// under the file's first scenario (in examples/my_mechanism.json "base": the context's restrictions only)
let consistent = 0, states = 0, total = 0n;
console.log(`${model.id}: ${model.instances.length} components, ${model.variables.length} variables`);
console.log(`\ncomposite states under ${model.scenarios[0].id} with at least one interpretation:`);
for (const s of solveStates(model)) {
  states++;
  total += s.count;
  if (s.count === 0n) continue;
  consistent++;
  const open = Object.entries(s.supported).filter(([, cells]) => cells.length > 1);
  console.log(`  ${s.label}: ${s.count} interpretation${s.count === 1n ? "" : "s"}${open.length ? `; open: ${open.map(([v, cells]) => `${v} ∈ {${cells.join(", ")}}`).join(", ")}` : ""}`);
}
console.log(`${consistent} of ${states} composite states consistent, ${total} interpretations in all`);

// ---- the episode graph and the facts forced at its start --------------------------------
// from the scenario's initial episodes; without a scenario, the start case
const graph = simulate(model, { scenario: Deno.args[1], horizon: 3 });
const scenario = graph.start.scenario;
const [x0] = graph.json.episodes;
for (const s of solveStates(model, { scenario, state: x0.state })) {
  // the variables that take one cell in every interpretation (the parameters' signs left out)
  const forced = Object.entries(s.forced).filter(([name]) => model.variables.find((v) => v.name === name)?.kind !== "parameter");
  console.log(`\nforced under ${scenario} in ${s.label} (${forced.length} variables; parameters left out):`);
  console.log(`  ${forced.map(([v, c]) => `${v}=${c}`).join(", ")}`);
}

// ---- the episode graph ------------------------------------------------------------------
console.log(`\nepisode graph from ${scenario}'s start, H = ${graph.json.horizon}: ${graph.json.episodes.length} episodes, ${graph.json.edges.length} edges`);
console.log(graph.text(10).join("\n"));

// ---- one admitted edge and one rejected edge, explained ---------------------------------
const describe = (cells: readonly string[]) => graph.json.variables.map((v, i) => `${v}=${cells[i]}`).join(" ");
const from = `${Object.entries(x0.state).map(([c, st]) => `${c}=${st}`).join(" ")} ${describe(x0.cells)}`;

// the graph's first edge, asked for by the coordinates and states it changes
const edge = graph.json.edges[0];
if (edge) {
  const target = graph.json.episodes[edge.target];
  const changes = [
    ...Object.entries(target.state).filter(([c, st]) => x0.state[c] !== st).map(([c, st]) => `${c}=${st}`),
    ...edge.changes.map((c) => `${c.var}=${c.to}`),
  ].join(" ");
  const ok = explainEdge(model, { scenario, from, to: changes });
  console.log(`\nwhy is ${changes} admitted?\n${ok.text.join("\n")}`);
}

// a component jumping over a state (first to last, or last to first): rejected, and the clauses say why
const jumper = model.instances.find((i) => i.states.length > 2 && [i.states[0], i.states.at(-1)].includes(x0.state[i.name]));
if (jumper) {
  const to = `${jumper.name}=${x0.state[jumper.name] === jumper.states[0] ? jumper.states.at(-1) : jumper.states[0]}`;
  const no = explainEdge(model, { scenario, from, to });
  console.log(`\nwhy is ${to} rejected?\n${no.text.join("\n")}`);
}
