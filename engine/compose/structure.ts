// The structure of a composed mechanism: component instances, the nodes their ports are
// joined into and the free ports, grown step by step from a small connected core until
// the drawn size is reached (docs/compose.md, "Structure"). Each kind keeps to one
// physical network (the electrothermal kind: a circuit and the thermal network its
// heating resistors warm), so every port meets ports of its own domain.
import type { Random } from "../files/random.ts";
import type { Library } from "../model/library.ts";
import { drawOffset, drawParameter, drawRatio, PARAMETER_RULES, round3 } from "./parameters.ts";

/** What a composed mechanism is made of. */
export type Kind = "translational" | "rotational" | "thermal" | "electrothermal";

/** Kinds in the order the composer considers them. */
export const KINDS: readonly Kind[] = ["translational", "rotational", "thermal", "electrothermal"];

/**
 * The largest number of composite states |S| a composed mechanism may have. The
 * converter checks and the task generators solve every composite state, so |S| bounds
 * their cost (3^7, the largest built-in |S|); past the drawn size's first parts, a mechanism grows by parts with a single
 * local state (sources, drags, sensors, grounds, resistors) once its budget is spent.
 */
export const MAX_COMPOSITE_STATES = 2187;

/** The fewest components a mechanism of each kind has (its core). */
export const KIND_MIN_COMPONENTS: Readonly<Record<Kind, number>> = { translational: 3, rotational: 3, thermal: 3, electrothermal: 4 };

/** A composed structure with its numeric parameters, before scenarios are drawn. */
export interface Draft {
  kind: Kind;
  components: { name: string; type: string }[];
  connections: string[][];
  free: string[];
  /** Numeric parameter values by instance-qualified name. */
  parameters: Record<string, number>;
  /** Draws one start: values of the state coordinates (the rest are solved from them). */
  drawStart(rng: Random): Record<string, number>;
  /** Time constants and periods of the parts (seconds), for the run length and the sines' frequency. */
  timeConstants: number[];
  /** Periodic sources whose frequency follows the mechanism's time scale. */
  sines: string[];
  /** One sentence per part, in the order the parts were added. */
  sentences: string[];
}

/** Instances, nodes and parameters as they grow. */
class Builder {
  readonly components: { name: string; type: string }[] = [];
  readonly parameters: Record<string, number> = {};
  readonly nodes: string[][] = [];
  readonly sentences: string[] = [];
  readonly timeConstants: number[] = [];
  readonly sines: string[] = [];
  private readonly counters = new Map<string, number>();
  /** |S| so far: the product of the instances' numbers of local states. */
  states = 1;

  constructor(readonly rng: Random, private readonly library: Library) {}

  /** The local states of a type. */
  statesOf(type: string): number {
    return this.library.get(type)!.table.states.length;
  }

  get size(): number {
    return this.components.length;
  }

  add(prefix: string, type: string): string {
    const n = (this.counters.get(prefix) ?? 0) + 1;
    this.counters.set(prefix, n);
    const name = `${prefix}${n}`;
    this.components.push({ name, type });
    this.states *= this.statesOf(type);
    for (const [p, rule] of Object.entries(PARAMETER_RULES[type] ?? {})) this.parameters[`${name}.${p}`] = drawParameter(rule, this.rng);
    if (type === "blocks.Sine" || type === "electrical.SineVoltage") this.sines.push(name);
    return name;
  }

  /** A new node holding one port. */
  node(port: string): number {
    this.nodes.push([port]);
    return this.nodes.length - 1;
  }

  join(node: number, port: string): void {
    this.nodes[node].push(port);
  }

  value(name: string): number {
    return this.parameters[name];
  }

  /** Connections (nodes of two ports or more) and free ports (all others). */
  finish(): { connections: string[][]; free: string[] } {
    const library = this.library;
    const connections = this.nodes.filter((n) => n.length > 1);
    const joined = new Set(connections.flat());
    const free = this.components.flatMap((c) => library.get(c.type)!.table.type.ports.map((p) => `${c.name}.${p.name}`)).filter((p) => !joined.has(p));
    return { connections, free };
  }
}

/** A growth step: its weight, the components it adds and the factor it multiplies |S| by at most. */
interface Step {
  weight: number;
  cost: number;
  states: number;
  action: () => void;
}

/** Picks a step by weight among those that fit the room left and the state budget. */
function choose(b: Builder, options: readonly Step[], size: number): (() => void) | null {
  const rng = b.rng, room = size - b.size;
  const fit = options.filter((o) => o.weight > 0 && o.cost <= room && b.states * o.states <= MAX_COMPOSITE_STATES);
  const total = fit.reduce((s, o) => s + o.weight, 0);
  if (!fit.length) return null;
  let r = rng.next() * total;
  for (const o of fit) if ((r -= o.weight) < 0) return o.action;
  return fit[fit.length - 1].action;
}

// Speed-dependent drags are linear only. A quadratic drag's torque w·|w| crosses zero with
// a zero first derivative (its type's law makes d1__tau carry sign(w)²), and a body that
// reverses under it is observed passing states the sound edge rules join by no path: every
// paths-gate rejection of the first trials (11 of 37 candidates) was such a body.
// docs/compose.md, "Structure".
interface MechanicalNames {
  body: string;
  bodyPrefix: string;
  fixed: string;
  couplings: readonly [type: string, prefix: string, spring: boolean][];
  gear: string | null;
  force: string;
  forcePort: string;
  drags: readonly string[];
  sensor: string | null;
  position: string;
  velocity: string;
  unit: { mass: string; stiffness: string; damping: string };
}

const TRANSLATIONAL: MechanicalNames = {
  body: "translational.Mass", bodyPrefix: "mass", fixed: "translational.Fixed",
  couplings: [["translational.Spring", "spring", true], ["translational.Damper", "damper", false], ["translational.SpringDamper", "springDamper", true]],
  gear: null, force: "translational.Force", forcePort: "f",
  drags: ["translational.LinearSpeedDependentForce"],
  sensor: "translational.PositionSensor", position: "s", velocity: "v",
  unit: { mass: "m", stiffness: "c", damping: "d" },
};

const ROTATIONAL: MechanicalNames = {
  body: "rotational.Inertia", bodyPrefix: "inertia", fixed: "rotational.Fixed",
  couplings: [["rotational.Spring", "spring", true], ["rotational.Damper", "damper", false]],
  gear: "rotational.IdealGear", force: "rotational.Torque", forcePort: "tau",
  drags: ["rotational.LinearSpeedDependentTorque"],
  sensor: null, position: "phi", velocity: "w",
  unit: { mass: "J", stiffness: "c", damping: "d" },
};

interface Body {
  name: string;
  /** The node of flange_a (where its parent coupling ends) and of flange_b. */
  a: number;
  b: number;
  /** The parent body's index, or -1 for the ground. */
  parent: number;
  /** The parent coupling: a spring or damper (offset drawn), or a gear (the body follows its parent). */
  ratio: number | null;
}

/** A mass–spring–damper (or inertia) network on a fixed ground, with sources, drags and a sensor. */
function mechanical(b: Builder, size: number, names: MechanicalNames, translational: boolean): Omit<Draft, "kind" | "connections" | "free"> {
  const { rng } = b;
  const fixed = b.add("fixed", names.fixed);
  const ground = b.node(`${fixed}.flange`);
  b.sentences.push(`${fixed} is the ground.`);
  const bodies: Body[] = [];
  const coupled = new Set<string>();
  const inertia = (i: number) => b.value(`${bodies[i].name}.${names.unit.mass}`);
  const couple = (from: number, to: number, fromLabel: string, toLabel: string, near: number[]) => {
    const [type, prefix, spring] = rng.pick(names.couplings);
    const c = b.add(prefix, type);
    b.join(from, `${c}.flange_a`);
    b.join(to, `${c}.flange_b`);
    coupled.add(`${Math.min(from, to)}-${Math.max(from, to)}`);
    const k = b.parameters[`${c}.c`], d = b.parameters[`${c}.d`];
    for (const i of near) {
      if (spring) b.timeConstants.push(2 * Math.PI * Math.sqrt(inertia(i) / k));
      if (d !== undefined) b.timeConstants.push(inertia(i) / d);
    }
    const law = [k !== undefined ? `c = ${k}` : "", d !== undefined ? `d = ${d}` : ""].filter(Boolean).join(", ");
    b.sentences.push(`${c} (${type.split(".")[1]}, ${law}) joins ${fromLabel} to ${toLabel}.`);
    return spring;
  };
  const addBody = () => {
    const parent = bodies.length === 0 || rng.next() < 0.25 ? -1 : rng.int(bodies.length);
    const body = b.add(names.bodyPrefix, names.body);
    const index = bodies.length;
    const from = parent < 0 ? ground : bodies[parent].b;
    const fromLabel = parent < 0 ? fixed : `${bodies[parent].name}.flange_b`;
    let ratio: number | null = null;
    let a: number;
    if (names.gear && parent >= 0 && rng.next() < 0.25) {
      const g = b.add("gear", names.gear);
      ratio = drawRatio(rng);
      b.parameters[`${g}.ratio`] = ratio;
      b.join(from, `${g}.flange_a`);
      a = b.node(`${g}.flange_b`);
      b.join(a, `${body}.flange_a`);
      bodies.push({ name: body, a, b: b.node(`${body}.flange_b`), parent, ratio });
      b.sentences.push(`${body} (${names.unit.mass} = ${b.value(`${body}.${names.unit.mass}`)}) turns with ${bodies[parent].name} through ${g} (ratio ${ratio}).`);
      return;
    }
    a = b.node(`${body}.flange_a`);
    bodies.push({ name: body, a, b: b.node(`${body}.flange_b`), parent, ratio });
    b.sentences.push(`${body} has ${names.unit.mass} = ${b.value(`${body}.${names.unit.mass}`)}.`);
    couple(from, a, fromLabel, `${body}.flange_a`, parent < 0 ? [index] : [index, parent]);
  };
  const nodeOfBody = () => {
    const i = rng.int(bodies.length);
    const end = rng.next() < 0.5 ? "flange_a" : "flange_b";
    return { i, node: end === "flange_a" ? bodies[i].a : bodies[i].b, label: `${bodies[i].name}.${end}` };
  };
  let sources = 0, drags = 0, sensors = 0;
  const addSource = () => {
    const t = nodeOfBody();
    const force = b.add(translational ? "force" : "torque", names.force);
    const sine = rng.next() < 0.5 && b.states * b.statesOf("blocks.Sine") <= MAX_COMPOSITE_STATES;
    const signal = b.add(sine ? "sine" : "constant", sine ? "blocks.Sine" : "blocks.Constant");
    b.join(t.node, `${force}.flange`);
    b.node(`${signal}.y`);
    b.join(b.nodes.length - 1, `${force}.${names.forcePort}`);
    const level = sine ? `a sine of amplitude ${b.value(`${signal}.amplitude`)}` : `the constant ${b.value(`${signal}.k`)}`;
    b.sentences.push(`${force} drives ${t.label} with ${level} (${signal}).`);
    sources++;
  };
  const addDrag = () => {
    const t = nodeOfBody();
    const type = rng.pick(names.drags);
    const drag = b.add("drag", type);
    b.join(t.node, `${drag}.flange`);
    const nominal = b.parameters[`${drag}.${translational ? "f_nominal" : "tau_nominal"}`];
    b.timeConstants.push(inertia(t.i) / Math.abs(nominal));
    b.sentences.push(`${drag} (${type.split(".")[1]}, nominal ${nominal} at unit speed) acts on ${t.label}.`);
    drags++;
  };
  const extraPairs = () => {
    const ends = [{ node: ground, label: fixed, body: -1 }, ...bodies.flatMap((x, i) => [{ node: x.a, label: `${x.name}.flange_a`, body: i }, { node: x.b, label: `${x.name}.flange_b`, body: i }])];
    const pairs: [typeof ends[0], typeof ends[0]][] = [];
    for (let i = 0; i < ends.length; i++) {
      for (let j = i + 1; j < ends.length; j++) {
        if (ends[i].body === ends[j].body || coupled.has(`${ends[i].node}-${ends[j].node}`)) continue;
        pairs.push([ends[i], ends[j]]);
      }
    }
    return pairs;
  };
  const addExtra = () => {
    const [x, y] = rng.pick(extraPairs());
    couple(x.node, y.node, x.label, y.label, [x.body, y.body].filter((i) => i >= 0));
  };
  const addSensor = () => {
    const t = nodeOfBody();
    const sensor = b.add("sensor", names.sensor!);
    b.join(t.node, `${sensor}.flange`);
    b.sentences.push(`${sensor} reads the position of ${t.label}.`);
    sensors++;
  };
  addBody();
  for (;;) {
    const step = choose(b, [
      { weight: 4, cost: 2, states: 9, action: addBody },
      { weight: sources < 3 ? 1 : 0, cost: 2, states: 3, action: addSource },
      { weight: drags < 3 ? 1 : 0, cost: 1, states: 1, action: addDrag },
      { weight: bodies.length > 1 && extraPairs().length ? 1 : 0, cost: 1, states: 3, action: addExtra },
      { weight: names.sensor && sensors < 4 ? 0.5 : 0, cost: 1, states: 1, action: addSensor },
    ], size);
    if (!step) break;
    step();
  }
  const drawStart = (r: Random) => {
    const start: Record<string, number> = {};
    const pos: number[] = [];
    const groundPos = translational ? b.value(`${fixed}.s0`) : 0;
    bodies.forEach((x, i) => {
      // a translational body's flanges sit L/2 either side of its centre; an inertia's at its angle
      const half = (i: number) => (translational ? b.value(`${bodies[i].name}.L`) / 2 : 0);
      const parentEnd = x.parent < 0 ? groundPos : pos[x.parent] + half(x.parent);
      if (x.ratio !== null) {
        pos.push(pos[x.parent] / x.ratio); // follows its parent through the gear: no start values of its own
        return;
      }
      const rest = translational ? 1 : 0;
      pos.push(parentEnd + rest + drawOffset(r, 1 / 16, 1 / 4) + half(i));
      start[`${x.name}.${names.position}`] = pos[i];
      start[`${x.name}.${names.velocity}`] = drawOffset(r, 1 / 4, 2);
    });
    return start;
  };
  return { components: b.components, parameters: b.parameters, drawStart, timeConstants: b.timeConstants, sines: b.sines, sentences: b.sentences };
}

/** Heat capacitors joined by thermal conductors, some cooled by fixed ambients, some read by sensors. */
class ThermalNetwork {
  readonly capacitors: { name: string; node: number }[] = [];
  readonly ambients: string[] = [];
  private readonly joined = new Set<string>();
  sensors = 0;

  constructor(private readonly b: Builder) {}

  private conduct(x: number, y: number, xLabel: string, yLabel: string, near: string[]): void {
    const b = this.b;
    const c = b.add("conductor", "thermal.ThermalConductor");
    b.join(x, `${c}.port_a`);
    b.join(y, `${c}.port_b`);
    this.joined.add(`${Math.min(x, y)}-${Math.max(x, y)}`);
    const g = b.value(`${c}.G`);
    for (const cap of near) b.timeConstants.push(b.value(`${cap}.C`) / g);
    b.sentences.push(`${c} (G = ${g}) conducts heat between ${xLabel} and ${yLabel}.`);
  }

  addCapacitor(): void {
    const b = this.b;
    const cap = b.add("capacitor", "thermal.HeatCapacitor");
    const node = b.node(`${cap}.port`);
    b.sentences.push(`${cap} stores heat (C = ${b.value(`${cap}.C`)}).`);
    if (this.capacitors.length) {
      const other = b.rng.pick(this.capacitors);
      this.conduct(other.node, node, other.name, cap, [cap, other.name]);
    }
    this.capacitors.push({ name: cap, node });
  }

  addAmbient(): void {
    const b = this.b;
    const amb = b.add("ambient", "thermal.FixedTemperature");
    b.parameters[`${amb}.T`] = b.rng.next() < 0.5 ? 293 : 283 + b.rng.int(21);
    const node = b.node(`${amb}.port`);
    const cap = b.rng.pick(this.capacitors);
    b.sentences.push(`${amb} holds ${b.value(`${amb}.T`)} K.`);
    this.conduct(cap.node, node, cap.name, amb, [cap.name]);
    this.ambients.push(amb);
  }

  extraPairs(): [{ name: string; node: number }, { name: string; node: number }][] {
    const out: [{ name: string; node: number }, { name: string; node: number }][] = [];
    for (let i = 0; i < this.capacitors.length; i++) {
      for (let j = i + 1; j < this.capacitors.length; j++) {
        const [x, y] = [this.capacitors[i], this.capacitors[j]];
        if (!this.joined.has(`${Math.min(x.node, y.node)}-${Math.max(x.node, y.node)}`)) out.push([x, y]);
      }
    }
    return out;
  }

  addExtra(): void {
    const [x, y] = this.b.rng.pick(this.extraPairs());
    this.conduct(x.node, y.node, x.name, y.name, [x.name, y.name]);
  }

  addSensor(): void {
    const b = this.b;
    const cap = b.rng.pick(this.capacitors);
    const s = b.add("sensor", "thermal.TemperatureSensor");
    b.join(cap.node, `${s}.port`);
    b.sentences.push(`${s} reads the temperature of ${cap.name}.`);
    this.sensors++;
  }

  /** The growth steps of the network. */
  steps(): Step[] {
    return [
      { weight: 4, cost: 2, states: 9, action: () => this.addCapacitor() },
      { weight: this.ambients.length < 3 ? 1 : 0, cost: 2, states: 3, action: () => this.addAmbient() },
      { weight: this.extraPairs().length ? 1 : 0, cost: 1, states: 3, action: () => this.addExtra() },
      { weight: this.sensors < 6 ? 0.5 : 0, cost: 1, states: 1, action: () => this.addSensor() },
    ];
  }

  /** Capacitor temperatures: an integer number of kelvin from 293, equal to it a quarter of the time. */
  drawStart(r: Random): Record<string, number> {
    const start: Record<string, number> = {};
    for (const c of this.capacitors) start[`${c.name}.T`] = 293 + (r.next() < 0.25 ? 0 : (r.next() < 0.5 ? -1 : 1) * (5 + r.int(46)));
    return start;
  }
}

function thermal(b: Builder, size: number): Omit<Draft, "kind" | "connections" | "free"> {
  const net = new ThermalNetwork(b);
  net.addCapacitor();
  if (b.rng.next() < 0.5) net.addCapacitor();
  else net.addAmbient();
  for (;;) {
    const step = choose(b, net.steps(), size);
    if (!step) break;
    step();
  }
  return { components: b.components, parameters: b.parameters, drawStart: (r) => net.drawStart(r), timeConstants: b.timeConstants, sines: b.sines, sentences: b.sentences };
}

/**
 * Resistors in one composed circuit, at most. Each temperature-dependent resistor adds a
 * dozen variables to every solve, and with five the decision diagram of the circuit's
 * component exceeded its node budget or took over a minute to build (measured).
 */
export const MAX_RESISTORS = 3;

/**
 * Heating resistors in one composed circuit, at most. A circuit of three passed every gate
 * and still blew the node limit in the plausibility family's context-only problems, and
 * three-heater mechanisms took 10–26 s to generate at k = 1 against at most 12 s for two
 * (measured over a composed catalog's 18 circuits).
 */
export const MAX_HEATERS = 2;

/** A resistor ladder on a voltage source whose heating resistors warm a thermal network. */
function electrothermal(b: Builder, size: number): Omit<Draft, "kind" | "connections" | "free"> {
  const { rng } = b;
  const sine = rng.next() < 0.3;
  const source = b.add("source", sine ? "electrical.SineVoltage" : "electrical.ConstantVoltage");
  const ground = b.add("ground", "electrical.Ground");
  const top = b.node(`${source}.p`);
  const gnd = b.node(`${source}.n`);
  b.join(gnd, `${ground}.p`);
  b.sentences.push(`${source} (${sine ? "a sine of amplitude" : ""}${sine ? " " : ""}V = ${b.value(`${source}.V`)}) feeds the circuit; ${ground} is its reference.`);
  const net = new ThermalNetwork(b);
  net.addCapacitor();
  let cur = top, curLabel = `${source}.p`;
  let heaters = 0;
  const resistor = (from: number, to: number, fromLabel: string, toLabel: string, wanted: boolean) => {
    const heating = wanted && heaters < MAX_HEATERS;
    if (heating) heaters++;
    const r = b.add(heating ? "heater" : "resistor", heating ? "electrical.HeatingResistor" : "electrical.Resistor");
    b.join(from, `${r}.p`);
    b.join(to, `${r}.n`);
    if (heating) {
      const cap = rng.pick(net.capacitors);
      b.join(cap.node, `${r}.heatPort`);
      b.sentences.push(`${r} (R = ${b.value(`${r}.R`)} at the reference temperature, alpha = ${b.value(`${r}.alpha`)}) joins ${fromLabel} to ${toLabel} and heats ${cap.name}.`);
    } else b.sentences.push(`${r} (R = ${b.value(`${r}.R`)}) joins ${fromLabel} to ${toLabel}.`);
  };
  resistor(top, gnd, curLabel, ground, true);
  const addRung = () => {
    // a series resistor to a new node, and a shunt from it to the ground: the ladder grows a rung
    const next = b.nodes.length;
    b.nodes.push([]);
    resistor(cur, next, curLabel, `node ${next}`, rng.next() < 0.6);
    cur = next;
    curLabel = `node ${next}`;
    resistor(cur, gnd, curLabel, ground, rng.next() < 0.6);
  };
  const addShunt = () => resistor(cur, gnd, curLabel, ground, rng.next() < 0.6);
  for (;;) {
    // a few resistors: each adds a dozen variables to every solve, and wide circuits of
    // temperature-dependent resistors outgrow the decision diagram
    const resistors = b.components.filter((c) => c.type.startsWith("electrical.") && c.type.endsWith("Resistor")).length;
    const step = choose(b, [
      { weight: resistors < MAX_RESISTORS - 1 ? 2 : 0, cost: 2, states: 1, action: addRung },
      { weight: resistors < MAX_RESISTORS ? 1 : 0, cost: 1, states: 1, action: addShunt },
      ...net.steps(),
    ], size);
    if (!step) break;
    step();
  }
  return { components: b.components, parameters: b.parameters, drawStart: (r) => net.drawStart(r), timeConstants: b.timeConstants, sines: b.sines, sentences: b.sentences };
}

/** Composes one structure of the given kind and size (at least the kind's core). */
export function composeStructure(kind: Kind, size: number, rng: Random, library: Library): Draft {
  const b = new Builder(rng, library);
  const body = kind === "translational" ? mechanical(b, size, TRANSLATIONAL, true)
    : kind === "rotational" ? mechanical(b, size, ROTATIONAL, false)
    : kind === "thermal" ? thermal(b, size)
    : electrothermal(b, size);
  const { connections, free } = b.finish();
  return { kind, ...body, connections, free };
}

/** The run length and the sines' frequency from the parts' time constants (docs/compose.md, "Time scale"). */
export function timeScale(timeConstants: readonly number[]): { stopTime: number; frequency: number } {
  const sorted = [...timeConstants].sort((x, y) => x - y);
  const slowest = sorted.at(-1) ?? 1;
  const median = sorted.length ? sorted[Math.floor(sorted.length / 2)] : 1;
  return { stopTime: round3(3 * slowest), frequency: round3(1 / median) };
}
