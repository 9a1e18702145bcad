import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { builtinLibrary, builtinMechanism, COMPONENT_FILES, MECHANISM_FILES } from "../../catalog/mod.ts";
import { loadLibrary } from "../model/library.ts";
import { MechanismError } from "../model/issues.ts";
import { loadMechanism } from "../model/load_mechanism.ts";
import { ComponentLibraryFile } from "../model/component_type.ts";
import { type Expr, ExprError, parseEquation, parseExpr } from "./expr.ts";
import { bin, compile, derive, type Sym, TIME } from "./symbolic.ts";
import { buildSystem } from "./assemble.ts";
import { checkQuantitative } from "./quantitative_check.ts";
import { integrate } from "./integrate.ts";
import { checkMechanism } from "./check.ts";
import { NumericBlockSchema } from "./model.ts";

const blockOf = (id: string) => (MECHANISM_FILES.find((f) => (f.data as { id: string }).id === id)!.data as { numeric: unknown }).numeric;

/** An expression printed fully parenthesised, to read the parse tree. */
const show = (e: Expr): string => {
  switch (e.k) {
    case "num":
      return String(e.v);
    case "name":
      return e.n;
    case "der":
      return `der(${e.n})`;
    case "neg":
      return `(-${show(e.a)})`;
    case "bin":
      return `(${show(e.a)} ${e.op} ${show(e.b)})`;
    case "call":
      return `${e.f}(${e.args.map(show).join(", ")})`;
    case "if":
      return `if(${show(e.l)} ${e.cmp} ${show(e.r)}, ${show(e.a)}, ${show(e.b)})`;
  }
};

describe("expression parser", () => {
  it("follows the precedence of the grammar", () => {
    expect(show(parseExpr("a + b*c - d/e"))).toBe("((a + (b * c)) - (d / e))");
    expect(show(parseExpr("-x^2"))).toBe("(-(x ^ 2))");
    expect(show(parseExpr("2^3^2"))).toBe("(2 ^ (3 ^ 2))");
    expect(show(parseExpr("m*a"))).toBe("(m * a)");
    expect(show(parseExpr("1.5e-3*flange_a.f"))).toBe("(0.0015 * flange_a.f)");
    expect(show(parseExpr("max(-1, min(1, v/v0))"))).toBe("max((-1), min(1, (v / v0)))");
    expect(show(parseExpr("if(abs(v) >= v0, sign(v), v/v0)"))).toBe("if(abs(v) >= v0, sign(v), (v / v0))");
    const eq = parseEquation("C*der(T) = port.Q_flow");
    expect([show(eq.lhs), show(eq.rhs)]).toEqual(["(C * der(T))", "port.Q_flow"]);
  });
  it("names what is wrong and where", () => {
    const err = (src: string) => {
      try {
        parseEquation(src);
      } catch (e) {
        expect(e).toBeInstanceOf(ExprError);
        return (e as Error).message;
      }
      throw new Error(`parsed: ${src}`);
    };
    expect(err("f = c*(s_rel - s_rel0")).toBe('expected ")" at column 22, found the end');
    expect(err("f = tan(x)")).toContain('unknown function "tan"');
    expect(err("f = min(x)")).toBe("min() takes 2 arguments, got 1");
    expect(err("f = x $ y")).toBe('unexpected character "$" at column 7');
    expect(err("f + g")).toBe('expected "=" at column 6, found the end');
    expect(err("f = a < b")).toBe('unexpected "<" at column 7');
    expect(err("f = der(2)")).toContain("der() takes a variable name");
    expect(err("f = if(a, b, c)")).toContain("if() needs a comparison");
  });
});

describe("symbolic time derivatives", () => {
  const x = (id: number): Sym => ({ k: "x", id });
  // slots: 0 time, 1 u, 2 du, 3 d2u
  const dx = (id: number): Sym | null => (id === TIME ? { k: "c", v: 1 } : id < 3 ? x(id + 1) : null);
  it("applies the product and chain rules and folds constants", () => {
    const e = bin("*", x(1), x(1)); // u²
    const d = derive(e, dx)!;
    const v = new Float64Array([0, 3, 5, 0]);
    expect(compile(d)(v)).toBe(30); // 2·u·u'
    expect(derive({ k: "c", v: 7 }, dx)).toEqual({ k: "c", v: 0 });
    expect(derive(x(3), dx)).toBeNull();
  });
});

describe("component types' quantitative blocks", () => {
  it("parse and read only declared names, in every catalog library file", () => {
    for (const f of COMPONENT_FILES) {
      for (const t of ComponentLibraryFile.parse(f.data).types) {
        expect(checkQuantitative(t), `${f.file} ${t.id}`).toEqual([]);
        expect(t.quantitative, t.id).toBeDefined();
      }
    }
  });
  it("reject a bad equation naming the file, the type and the equation", () => {
    const file = structuredClone(COMPONENT_FILES.find((f) => f.file.endsWith("thermal.json"))!);
    const types = (file.data as { types: { quantitative: { equations: string[] } }[] }).types;
    types[0].quantitative.equations = ["C*der(T) = port.Q_flow + Q_extra"];
    let message = "";
    try {
      loadLibrary([file], [checkQuantitative]);
    } catch (e) {
      expect(e).toBeInstanceOf(MechanismError);
      message = (e as Error).message;
    }
    expect(message).toContain(file.file);
    expect(message).toContain('type thermal.HeatCapacitor, equation "C*der(T) = port.Q_flow + Q_extra": unknown name "Q_extra"');
  });
});

const mechanism = (data: unknown) => loadMechanism(data, "inline.json", builtinLibrary());

describe("generic assembly", () => {
  it("integrates a mass on a spring to its closed form", () => {
    const data = {
      id: "oscillator_test",
      components: [
        { name: "wall", type: "translational.Fixed" },
        { name: "spring", type: "translational.Spring" },
        { name: "mass", type: "translational.Mass" },
      ],
      connections: [["wall.flange", "spring.flange_a"], ["spring.flange_b", "mass.flange_a"]],
      free: ["mass.flange_b"],
      scenarios: [{ id: "base" }],
    };
    // ω = sqrt(c/m) = 2; equilibrium at s0 + s_rel0 + L/2 = 2; released 0.5 beyond it
    const block = NumericBlockSchema.parse({
      parameters: { "wall.s0": 1, "spring.c": 4, "spring.s_rel0": 1, "mass.m": 1, "mass.L": 0 },
      start: { "mass.s": 2.5, "mass.v": 0 },
      stopTime: 3,
    });
    const sys = buildSystem(mechanism(data), builtinLibrary(), block);
    expect(sys.state).toEqual(["mass.s", "mass.v"]);
    for (const { t, y } of integrate(sys.rhs, sys.y0, 3, { points: 30 })) {
      expect(y[0]).toBeCloseTo(2 + 0.5 * Math.cos(2 * t), 8);
      const o = sys.observe(t, y);
      expect(o["mass.a"]).toBeCloseTo(-2 * Math.cos(2 * t), 7);
      expect(o["spring.f"]).toBeCloseTo(4 * 0.5 * Math.cos(2 * t), 7);
      expect(o["spring.d1__f"]).toBeCloseTo(-4 * Math.sin(2 * t), 7);
      expect(Math.abs(o["mass.flange_b.f"])).toBe(0);
    }
  });
  it("relaxes two heat capacitors exponentially (thermal_two_masses)", () => {
    const block = NumericBlockSchema.parse(blockOf("thermal_two_masses"));
    const sys = buildSystem(builtinMechanism("thermal_two_masses")!, builtinLibrary(), block);
    // ΔT = 100·exp(−G·(1/C1 + 1/C2)·t), G = 10, C1 = C2 = 15; the mean stays at 323.15
    const k = 10 * (2 / 15);
    for (const { t, y } of integrate(sys.rhs, sys.y0, 1, { points: 20 })) {
      expect(y[0] - y[1]).toBeCloseTo(100 * Math.exp(-k * t), 8);
      expect((y[0] + y[1]) / 2).toBeCloseTo(323.15, 9);
      expect(sys.observe(t, y)["conduction.Q_flow"]).toBeCloseTo(1000 * Math.exp(-k * t), 6);
    }
  });
  it("solves states from start values given on other variables and picks one state of a gear pair", () => {
    const ic = buildSystem(builtinMechanism("mechanics_initial_conditions")!, builtinLibrary(), NumericBlockSchema.parse(blockOf("mechanics_initial_conditions")));
    const y0 = Object.fromEntries(ic.state.map((s, i) => [s, ic.y0[i]]));
    // m1.flange_a = fixed1.s0 + s1.s_rel = −0.5, so m1.s = 0; m2.s = 0.5 + 1 + 1 = 2.5
    expect(y0["m1.s"]).toBe(0);
    expect(y0["m2.s"]).toBe(2.5);
    const first = buildSystem(builtinMechanism("mechanics_first")!, builtinLibrary(), NumericBlockSchema.parse(blockOf("mechanics_first")));
    expect(first.state).toEqual(["inertia2.phi", "inertia2.w", "inertia3.w", "inertia3.phi"]);
    expect(first.period).toBeCloseTo(0.2, 12);
  });
  it("gives a mechanism file it never saw a numerical check without contradictions", () => {
    for (const name of ["two_mass_damped_chain.json", "three_capacitor_ring.json"]) {
      const data = JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8"));
      const model = mechanism(data);
      const block = NumericBlockSchema.parse(data.numeric);
      const r = checkMechanism(model, { mechanism: model.id, build: (b) => buildSystem(model, builtinLibrary(), b) }, block);
      const items = [...r.states, ...r.transitions];
      expect(items.length, name).toBeGreaterThan(0);
      expect(items.filter((x) => x.disposition === "contradiction" || x.disposition === "inconclusive"), name).toEqual([]);
    }
  });
});
