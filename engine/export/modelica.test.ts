// The Modelica export of every catalog mechanism, read back: MSL classes, connects,
// numeric values and stop time; and the mechanisms it must refuse.
import { describe, expect, it } from "vitest";
import { builtinLibrary, COMPONENT_FILES, MECHANISM_FILES } from "../../catalog/mod.ts";
import { loadLibrary } from "../model/library.ts";
import { ExportError, modelicaModel, modelicaNames } from "./modelica.ts";
import { MSL_MAPPINGS, mslClassName } from "./msl_mapping.ts";
import { parseExportedModel } from "./modelica.test_support.ts";

// MSL 4.1.0 classes named in the reference notes on the 12 examples (shared
// msl-examples.md), by full name, plus ConstantVoltage (the electrothermal
// compositions' source), which those notes do not name; each was looked up in the MSL
// 4.1.0 sources.
const KNOWN_MSL_CLASSES = new Set([
  "Modelica.Blocks.Sources.Constant",
  "Modelica.Blocks.Sources.Sine",
  "Modelica.Blocks.Sources.Step",
  "Modelica.Electrical.Analog.Basic.Ground",
  "Modelica.Electrical.Analog.Basic.Resistor",
  "Modelica.Electrical.Analog.Sources.SineVoltage",
  "Modelica.Electrical.Analog.Sources.ConstantVoltage",
  "Modelica.Mechanics.Rotational.Components.Brake",
  "Modelica.Mechanics.Rotational.Components.Damper",
  "Modelica.Mechanics.Rotational.Components.Fixed",
  "Modelica.Mechanics.Rotational.Components.IdealGear",
  "Modelica.Mechanics.Rotational.Components.Inertia",
  "Modelica.Mechanics.Rotational.Components.Spring",
  "Modelica.Mechanics.Rotational.Sources.InverseSpeedDependentTorque",
  "Modelica.Mechanics.Rotational.Sources.LinearSpeedDependentTorque",
  "Modelica.Mechanics.Rotational.Sources.QuadraticSpeedDependentTorque",
  "Modelica.Mechanics.Rotational.Sources.SignTorque",
  "Modelica.Mechanics.Rotational.Sources.Torque",
  "Modelica.Mechanics.Translational.Components.Brake",
  "Modelica.Mechanics.Translational.Components.Damper",
  "Modelica.Mechanics.Translational.Components.Fixed",
  "Modelica.Mechanics.Translational.Components.Mass",
  "Modelica.Mechanics.Translational.Components.Rod",
  "Modelica.Mechanics.Translational.Components.Spring",
  "Modelica.Mechanics.Translational.Components.SpringDamper",
  "Modelica.Mechanics.Translational.Sensors.PositionSensor",
  "Modelica.Mechanics.Translational.Sources.Accelerate",
  "Modelica.Mechanics.Translational.Sources.Force",
  "Modelica.Mechanics.Translational.Sources.InverseSpeedDependentForce",
  "Modelica.Mechanics.Translational.Sources.LinearSpeedDependentForce",
  "Modelica.Mechanics.Translational.Sources.QuadraticSpeedDependentForce",
  "Modelica.Mechanics.Translational.Sources.SignForce",
  "Modelica.Thermal.HeatTransfer.Components.HeatCapacitor",
  "Modelica.Thermal.HeatTransfer.Components.ThermalConductor",
  "Modelica.Thermal.HeatTransfer.Sensors.TemperatureSensor",
  "Modelica.Thermal.HeatTransfer.Sources.FixedTemperature",
]);

interface MechanismFile {
  id: string;
  components: { name: string; type: string }[];
  connections: string[][];
  numeric: { parameters: Record<string, number>; start: Record<string, number>; stopTime: number };
}

const lib = builtinLibrary();
const typeOf = (type: string) => lib.get(type)!.table.type;
const copy = <T>(x: T): T => structuredClone(x);
const damperFile = MECHANISM_FILES.find((f) => (f.data as MechanismFile).id === "mechanics_damper")!;

/** Union-find over port names: which ports the connects join. */
function joined(connects: [string, string][]): (p: string) => string {
  const parent = new Map<string, string>();
  const find = (p: string): string => {
    const q = parent.get(p) ?? p;
    if (q === p) return p;
    const r = find(q);
    parent.set(p, r);
    return r;
  };
  for (const [a, b] of connects) parent.set(find(a), find(b));
  return find;
}

describe("mech export modelica: every catalog mechanism", () => {
  it.each(MECHANISM_FILES.map((f) => [(f.data as MechanismFile).id, f] as const))("%s", (_id, f) => {
    const mech = f.data as MechanismFile;
    const text = modelicaModel(f.data, f.file, lib);
    const model = parseExportedModel(text);
    expect(model.name).toBe(mech.id);
    expect(model.uses).toBe("4.1.0");
    const names = modelicaNames(mech.components.map((c) => c.name));
    const nameOf = (inst: string) => names.get(inst) ?? inst;
    const portOf = (ref: string) => {
      const [inst, port] = ref.split(".");
      return `${nameOf(inst)}.${port}`;
    };

    // (1) one declaration per component, of its type's MSL class, which MSL 4.1.0 has
    expect(model.declarations.map((d) => d.instance)).toEqual(mech.components.map((c) => nameOf(c.name)));
    const byInstance = new Map(model.declarations.map((d) => [d.instance, d]));
    for (const c of mech.components) {
      const d = byInstance.get(nameOf(c.name))!;
      expect(d.className.startsWith("Modelica.")).toBe(true);
      expect(KNOWN_MSL_CLASSES.has(d.className), d.className).toBe(true);
      expect(d.className).toBe(mslClassName(typeOf(c.type).msl!));
    }

    // (2) connects join declared instances' declared ports, exactly the connection groups
    const typeByInstance = new Map(mech.components.map((c) => [nameOf(c.name), c.type]));
    for (const end of model.connects.flat()) {
      const [inst, port] = end.split(".");
      expect(typeByInstance.has(inst), end).toBe(true);
      expect(typeOf(typeByInstance.get(inst)!).ports.map((p) => p.name), end).toContain(port);
    }
    expect(model.connects.length).toBe(mech.connections.reduce((n, g) => n + g.length - 1, 0));
    const ends = new Set(model.connects.flat());
    const find = joined(model.connects);
    for (const group of mech.connections) {
      for (const p of group) {
        expect(ends.has(portOf(p)), p).toBe(true);
        expect(find(portOf(p))).toBe(find(portOf(group[0])));
      }
    }
    // groups that share a port are one node (the catalog merges them): the connects join
    // no ports the groups keep apart
    const nodeOf = joined(mech.connections.flatMap((g) => g.slice(1).map((p, k) => [portOf(g[k]), portOf(p)] as [string, string])));
    const all = [...ends];
    for (const a of all) for (const b of all) expect(find(a) === find(b), `${a} ${b}`).toBe(nodeOf(a) === nodeOf(b));

    // (3) every numeric parameter and start value once, written losslessly
    const structural = (inst: string) => MSL_MAPPINGS[typeByInstance.get(inst)!].modifiers?.length ?? 0;
    const paramCount = new Map<string, number>();
    for (const [key, value] of Object.entries(mech.numeric.parameters)) {
      const [inst, name] = key.split(".");
      const written = byInstance.get(nameOf(inst))!.parameters.get(name);
      expect(written, key).toBe(String(value));
      expect(Number(written)).toBe(value);
      paramCount.set(nameOf(inst), (paramCount.get(nameOf(inst)) ?? 0) + 1);
    }
    const startCount = new Map<string, number>();
    for (const [key, value] of Object.entries(mech.numeric.start)) {
      const [inst, name] = key.split(".");
      const written = byInstance.get(nameOf(inst))!.starts.get(name);
      expect(written?.value, key).toBe(String(value));
      expect(Number(written!.value)).toBe(value);
      startCount.set(nameOf(inst), (startCount.get(nameOf(inst)) ?? 0) + 1);
    }
    for (const d of model.declarations) {
      // nothing else: structural modifiers besides the block's entries, no entry twice
      expect(d.parameters.size, d.instance).toBe((paramCount.get(d.instance) ?? 0) + structural(d.instance));
      expect(d.starts.size, d.instance).toBe(startCount.get(d.instance) ?? 0);
    }

    // (4) the stop time
    expect(model.stopTime).toBe(String(mech.numeric.stopTime));
    expect(Number(model.stopTime)).toBe(mech.numeric.stopTime);
  });

  it("fixes start values of MSL states and only guesses algebraic ones", () => {
    const resistor = MECHANISM_FILES.find((f) => (f.data as MechanismFile).id === "electrical_resistor")!;
    const d = parseExportedModel(modelicaModel(resistor.data, resistor.file, lib)).declarations;
    // the resistor's current is computed from the sine source: MSL's example gives i(start=0) unfixed
    expect(d.find((x) => x.instance === "resistor")!.starts.get("i")).toEqual({ value: "0", fixed: false });
    const damper = parseExportedModel(modelicaModel(damperFile.data, damperFile.file, lib)).declarations;
    expect(damper.find((x) => x.instance === "mass1")!.starts.get("s")).toEqual({ value: "3", fixed: true });
  });

  it("maps every built-in type, and agrees with the variant its msl field names", () => {
    for (const [id] of lib) {
      const msl = typeOf(id).msl!;
      expect(MSL_MAPPINGS[id], id).toBeDefined();
      const inner = /\((.*)\)/.exec(msl)?.[1] ?? "";
      for (const item of inner.split(",").map((s) => s.trim()).filter((s) => /^\w+=\w+$/.test(s))) {
        const [k, v] = item.split("=");
        expect(MSL_MAPPINGS[id].modifiers?.some((m) => m.startsWith(`${k}=`) && m.endsWith(v)), `${id}: ${item}`).toBe(true);
      }
    }
  });

  it("renames instances whose names Modelica reserves", () => {
    expect(modelicaNames(["constant", "constant_", "mass", "Modelica"])).toEqual(new Map([["constant", "constant__"], ["Modelica", "Modelica_"]]));
  });
});

describe("mech export modelica: what it refuses or fills in", () => {
  it("refuses a mechanism without a numeric block", () => {
    const data = copy(damperFile.data) as Partial<MechanismFile>;
    delete data.numeric;
    expect(() => modelicaModel(data, "m.json", lib)).toThrow(new ExportError("m.json: mechanism mechanics_damper has no numeric block (parameters, start values and stopTime), which the Modelica model needs"));
  });

  it("refuses a component type without an MSL class, naming it", () => {
    const files = copy(COMPONENT_FILES);
    for (const f of files) {
      for (const t of (f.data as { types: { id: string; msl?: string }[] }).types) if (t.id === "translational.Damper") delete t.msl;
    }
    expect(() => modelicaModel(damperFile.data, "m.json", loadLibrary(files))).toThrow(/component type translational\.Damper names no MSL class/);
  });

  it("refuses a numeric name MSL does not have, and a missing parameter MSL cannot default", () => {
    const data = copy(damperFile.data) as MechanismFile;
    data.numeric.parameters["spring2.stiffness"] = 3;
    expect(() => modelicaModel(data, "m.json", lib)).toThrow(/"spring2\.stiffness", but Modelica\.Mechanics\.Translational\.Components\.Spring has no parameter stiffness .*takes c, s_rel0/);
    const twoMasses = copy(MECHANISM_FILES.find((f) => (f.data as MechanismFile).id === "thermal_two_masses")!.data) as MechanismFile;
    delete twoMasses.numeric.parameters["conduction.G"];
    expect(() => modelicaModel(twoMasses, "t.json", lib)).toThrow(/lacks "conduction\.G", which Modelica\.Thermal\.HeatTransfer\.Components\.ThermalConductor needs/);
    const startOfStretch = copy(damperFile.data) as MechanismFile;
    startOfStretch.numeric.start["spring2.stretch"] = 0;
    expect(() => modelicaModel(startOfStretch, "m.json", lib)).toThrow(/has no variable stretch/);
  });

  it("writes MSL's start value, commented, for a parameter the block leaves out", () => {
    const data = copy(damperFile.data) as MechanismFile;
    delete data.numeric.parameters["mass1.m"];
    expect(modelicaModel(data, "m.json", lib)).toContain("mass1(L=1, m=1 /* not in the numeric block: MSL's start value */, s(start=3, fixed=true)");
  });

  it("writes a brake's friction coefficient as MSL's table and requires its input connected", () => {
    const brake = {
      id: "braked_mass",
      components: [
        { name: "mass", type: "translational.Mass" },
        { name: "brake", type: "translational.Brake" },
        { name: "command", type: "blocks.Constant" },
      ],
      connections: [["mass.flange_b", "brake.flange_a"], ["command.y", "brake.f_normalized"]],
      free: ["mass.flange_a", "brake.flange_b"],
      scenarios: [{ id: "base" }],
      numeric: { parameters: { "mass.m": 1, "brake.fn_max": 10, "brake.mu_pos": 0.5, "command.k": 1 }, start: { "mass.s": 0, "mass.v": 1 }, stopTime: 2 },
    };
    expect(modelicaModel(brake, "b.json", lib)).toContain("Modelica.Mechanics.Translational.Components.Brake brake(useSupport=false, useHeatPort=false, fn_max=10, mu_pos=[0, 0.5]);");
    const unconnected = { ...copy(brake), connections: [["mass.flange_b", "brake.flange_a"]], free: ["mass.flange_a", "brake.flange_b", "brake.f_normalized", "command.y"] };
    expect(() => modelicaModel(unconnected, "b.json", lib)).toThrow(/brake\.f_normalized is an input of Modelica\.Mechanics\.Translational\.Components\.Brake and is not connected/);
  });
});
