// Small hand-made component types and mechanisms for the audit tests, independent of
// the catalog's contents.
import { loadLibrary, type SourceFile } from "../model/library.ts";

const tank = (id: string, coolingGuard: string, event = "port.Q_flow") => ({
  id,
  description: "A heat capacitor: C·der(T) = port.Q_flow.",
  ports: [{ name: "port", domain: "thermal" }],
  parameters: [{ name: "C", sign: "positive" }],
  variables: [{ name: "T", derivatives: 1 }],
  laws: [
    { id: "port_temperature", terms: ["+T", "-port.T"], d1: true },
    { id: "energy_balance", terms: ["+C*d1__T", "-port.Q_flow"] },
  ],
  restrict: { T: ["positive"] },
  states: [
    { name: "COOLING", restrict: { d1__T: ["negative"] } },
    { name: "STEADY", restrict: { d1__T: ["zero"] } },
    { name: "HEATING", restrict: { d1__T: ["positive"] }, description: "heat flows in" },
  ],
  transitions: [
    { from: "HEATING", to: "STEADY", event, source: { d1__T: ["positive"] }, target: { d1__T: ["zero"] } },
    { from: "COOLING", to: "STEADY", event, source: { d1__T: [coolingGuard] }, target: { d1__T: ["zero"] } },
  ],
});

export const LIBRARY_FILE: SourceFile = {
  file: "test/lib.json",
  data: {
    types: [
      tank("t.Tank", "negative"),
      // COOLING → STEADY guarded by d1__T > 0, which state COOLING (d1__T < 0) excludes: dead.
      tank("t.BadTank", "positive"),
      {
        id: "t.Link",
        ports: [{ name: "a", domain: "thermal" }, { name: "b", domain: "thermal" }],
        parameters: [{ name: "G", sign: "positive" }],
        variables: [{ name: "dT", derivatives: 1 }, { name: "Q_flow", derivatives: 1 }],
        laws: [
          { id: "temperature_drop", terms: ["+dT", "-a.T", "+b.T"], d1: true },
          { id: "conduction", terms: ["+Q_flow", "-G*dT"], d1: true },
          { id: "flow_a", terms: ["+a.Q_flow", "-Q_flow"], d1: true },
          { id: "flow_b", terms: ["+b.Q_flow", "+Q_flow"], d1: true },
        ],
      },
      {
        // A signal of any sign and slope.
        id: "t.Wire",
        ports: [{ name: "y", domain: "signal" }],
      },
      {
        // Fires when input a is positive while input b is negative.
        id: "t.Probe",
        ports: [{ name: "a", domain: "signal" }, { name: "b", domain: "signal" }],
        states: [{ name: "LOW" }, { name: "HIGH" }],
        transitions: [{ from: "LOW", to: "HIGH", event: "a", source: { a: ["positive"], b: ["negative"] } }],
      },
      {
        id: "t.Const",
        ports: [{ name: "y", domain: "signal" }],
        parameters: [{ name: "k", sign: "positive" }],
        laws: [{ id: "output", terms: ["+y", "-k"] }],
      },
      {
        // A speed with a threshold v0 above zero.
        id: "t.Speed",
        spaces: { s: { kind: "landmark", landmarks: [{ name: "zero", sign: "zero" }, { name: "v0", sign: "positive" }] } },
        variables: [{ name: "w", space: "s" }],
      },
      // keyed on der(T), which has no derivative variable: never an event of a cause
      tank("t.RateKeyedTank", "negative", "d1__T"),
    ],
  },
};

export const library = () => loadLibrary([LIBRARY_FILE]);

const mech = (data: Record<string, unknown>): SourceFile => ({ file: `test/${data.id}.json`, data });

/** Two tanks joined by a link: the hot one cools, the cold one heats. */
export const GOOD = mech({
  id: "good",
  provenance: "hand-made",
  components: [
    { name: "tank1", type: "t.Tank" },
    { name: "tank2", type: "t.Tank" },
    { name: "link", type: "t.Link" },
  ],
  connections: [["tank1.port", "link.a"], ["tank2.port", "link.b"]],
  scenarios: [
    { id: "base", description: "No restrictions." },
    { id: "hot1", description: "tank1 is hotter.", restrict: { "link.dT": ["positive"] } },
  ],
});

/** Two tanks joined by a link, tank1 of the given type. */
const twoTanks = (id: string, tank1Type: string): SourceFile =>
  mech({
    id,
    components: [
      { name: "tank1", type: tank1Type },
      { name: "tank2", type: "t.Tank" },
      { name: "link", type: "t.Link" },
    ],
    connections: [["tank1.port", "link.a"], ["tank2.port", "link.b"]],
    scenarios: [{ id: "base" }],
  });

export const DEAD_TRANSITION = twoTanks("dead_transition", "t.BadTank");

/** tank1's transitions are keyed on its temperature rate. */
export const RATE_KEYED = twoTanks("rate_keyed", "t.RateKeyedTank");

/** A tank on its own: its free port carries no heat, so it can only be STEADY. */
export const LONELY = mech({
  id: "lonely",
  components: [{ name: "tank", type: "t.Tank" }],
  free: ["tank.port"],
  scenarios: [{ id: "base" }],
});

/** One signal feeding both inputs of a probe (so a = b), and a free constant. */
export const PROBE = mech({
  id: "probe",
  components: [
    { name: "src", type: "t.Wire" },
    { name: "probe", type: "t.Probe" },
    { name: "c", type: "t.Const" },
  ],
  connections: [["src.y", "probe.a", "probe.b"]],
  free: ["c.y"],
  scenarios: [
    { id: "base" },
    { id: "contradiction", context: { "src.y": ["positive"] }, restrict: { "src.y": ["negative"] } },
    { id: "joint", restrict: { "probe.a": ["positive"], "probe.b": ["negative"] } },
    { id: "negative_constant", restrict: { "c.y": ["negative"] } },
    { id: "fine", context: { "src.y": ["positive", "zero"] } },
  ],
});

/** Two constants of opposite sign wired together: no interpretation at all. */
export const NO_CONSISTENT = mech({
  id: "no_consistent",
  components: [
    { name: "c1", type: "t.Const" },
    { name: "c2", type: "t.Const", parameters: { k: "negative" } },
  ],
  connections: [["c1.y", "c2.y"]],
  scenarios: [{ id: "base" }],
});

export const SPEED = mech({
  id: "speed",
  components: [{ name: "wheel", type: "t.Speed" }],
  scenarios: [{ id: "base" }],
});
