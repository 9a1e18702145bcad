// A one-dimensional translational network (MSL Translational): masses (state s, v),
// fixed flanges, springs, dampers and spring-dampers between flanges, and force sources
// (signal-driven or speed-dependent) at mass flanges. Flows are what goes INTO a
// component; at a node they sum to zero. Compliant elements: s_rel = flange_b.s −
// flange_a.s, flange_b.f = f, flange_a.f = −f. Mass: m·a = flange_a.f + flange_b.f.
// Force source: flange.f = −f, so the body receives +f.
import { type NumericBlock, type NumericSystem, req } from "../model.ts";
import type { SignalValue } from "./signals.ts";

export type ElementKind = "spring" | "damper" | "springDamper";

export interface TranslationalNet {
  masses: string[];
  fixed?: string[];
  elements?: { name: string; kind: ElementKind }[];
  /** Signal-driven Force sources: the input value (catalog `f`), its rate and (a sine) its second derivative at time t. */
  forces?: { name: string; input: (t: number) => SignalValue; signal?: string }[];
  /** Speed-dependent sources: force on the body F(v) and dF/dv; the observed variables to report. */
  speedForces?: { name: string; F: (v: number) => number; dFdv: (v: number) => number }[];
  /** The connection sets (as in the mechanism file). */
  connections: string[][];
}

interface NodeKin {
  s: number;
  v: number;
  a: number;
  j: number;
}

export function translationalNetwork(net: TranslationalNet, block: NumericBlock): NumericSystem {
  const p = block.parameters;
  // Mass.L defaults to 0 (the MSL default) when the numeric block does not give it
  const masses = net.masses.map((n) => ({ n, m: req(p, `${n}.m`), L: p[`${n}.L`] ?? 0 }));
  const fixed = new Map((net.fixed ?? []).map((n) => [n, req(p, `${n}.s0`)]));
  const elements = (net.elements ?? []).map((e) => ({
    ...e,
    c: e.kind === "damper" ? 0 : req(p, `${e.name}.c`),
    d: e.kind === "spring" ? 0 : req(p, `${e.name}.d`),
    s_rel0: e.kind === "damper" ? 0 : req(p, `${e.name}.s_rel0`),
  }));
  // union of connection sets → node id per port
  const parent = new Map<string, string>();
  const find = (x: string): string => {
    if (!parent.has(x)) parent.set(x, x);
    const r = parent.get(x)!;
    if (r === x) return x;
    const root = find(r);
    parent.set(x, root);
    return root;
  };
  for (const set of net.connections) for (const x of set.slice(1)) parent.set(find(x), find(set[0]));
  const node = (port: string) => find(port);
  const massIdx = new Map(masses.map((m, i) => [m.n, i]));
  const sourceOf = (name: string) => {
    // the mass flange a source's flange is connected to
    for (const m of masses) for (const f of ["flange_a", "flange_b"]) if (node(`${m.n}.${f}`) === node(`${name}.flange`)) return { m: m.n, f };
    throw new Error(`source ${name} is not connected to a mass`);
  };

  // kinematics of every node, given mass s, v, a, j
  const kin = (mk: NodeKin[]) => {
    const out = new Map<string, NodeKin>();
    masses.forEach((m, i) => {
      const k = mk[i];
      out.set(node(`${m.n}.flange_a`), { ...k, s: k.s - m.L / 2 });
      out.set(node(`${m.n}.flange_b`), { ...k, s: k.s + m.L / 2 });
    });
    for (const [f, s0] of fixed) out.set(node(`${f}.flange`), { s: s0, v: 0, a: 0, j: 0 });
    return out;
  };
  const at = (nk: Map<string, NodeKin>, port: string) => {
    const k = nk.get(node(port));
    if (!k) throw new Error(`port ${port} is on a node without a mass or fixed flange`);
    return k;
  };

  /** Everything at (t, y): element and source forces, mass accelerations and jerks. */
  const evaluate = (t: number, y: number[]) => {
    const mk: NodeKin[] = masses.map((_, i) => ({ s: y[2 * i], v: y[2 * i + 1], a: 0, j: 0 }));
    let nk = kin(mk);
    const push = (mass: string, _f: string, F: number) => {
      const k = massIdx.get(mass)!;
      mk[k].a += F / masses[k].m;
    };
    const elemF = elements.map((e) => {
      const a = at(nk, `${e.name}.flange_a`), b = at(nk, `${e.name}.flange_b`);
      const s_rel = b.s - a.s, v_rel = b.v - a.v;
      return { s_rel, v_rel, f: e.c * (s_rel - e.s_rel0) + e.d * v_rel };
    });
    const forceIn = (net.forces ?? []).map((f) => ({ ...f, at: sourceOf(f.name), val: f.input(t) }));
    const speedIn = (net.speedForces ?? []).map((f) => {
      const at_ = sourceOf(f.name);
      const v = mk[massIdx.get(at_.m)!].v;
      return { ...f, at: at_, Fv: f.F(v), dF: f.dFdv(v) };
    });
    // mass forces: −Σ flows of the other components at each mass flange
    const massForce = (mass: string, fl: string, rate: boolean, ek: { f: number; df: number }[]) => {
      const nd = node(`${mass}.${fl}`);
      let F = 0;
      elements.forEach((e, i) => {
        const val = rate ? ek[i].df : ek[i].f;
        if (node(`${e.name}.flange_a`) === nd) F += val;
        if (node(`${e.name}.flange_b`) === nd) F -= val;
      });
      return F;
    };
    // accelerations
    const ek0 = elemF.map((e) => ({ f: e.f, df: 0 }));
    masses.forEach((m) => {
      for (const fl of ["flange_a", "flange_b"]) push(m.n, fl, massForce(m.n, fl, false, ek0));
    });
    for (const f of forceIn) push(f.at.m, f.at.f, f.val[0]);
    for (const f of speedIn) push(f.at.m, f.at.f, f.Fv);
    nk = kin(mk);
    // force rates and jerks
    const ek = elements.map((e, i) => {
      const a = at(nk, `${e.name}.flange_a`), b = at(nk, `${e.name}.flange_b`);
      return { f: elemF[i].f, df: e.c * (b.v - a.v) + e.d * (b.a - a.a), a_rel: b.a - a.a };
    });
    masses.forEach((m, i) => {
      let J = 0;
      for (const fl of ["flange_a", "flange_b"]) J += massForce(m.n, fl, true, ek);
      for (const f of forceIn) if (f.at.m === m.n) J += f.val[1];
      for (const f of speedIn) if (f.at.m === m.n) J += f.dF * mk[i].a;
      mk[i].j = J / m.m;
    });
    nk = kin(mk);
    return { mk, nk, elemF, ek, forceIn, speedIn };
  };

  const rhs = (t: number, y: number[]) => {
    const { mk } = evaluate(t, y);
    return mk.flatMap((k) => [k.v, k.a]);
  };
  const observe = (t: number, y: number[]) => {
    const { mk, nk, elemF, ek, forceIn, speedIn } = evaluate(t, y);
    const o: Record<string, number> = {};
    // flow into each component port, and its rate
    const flow = new Map<string, [number, number]>();
    elements.forEach((e, i) => {
      flow.set(`${e.name}.flange_a`, [-elemF[i].f, -ek[i].df]);
      flow.set(`${e.name}.flange_b`, [elemF[i].f, ek[i].df]);
    });
    for (const f of forceIn) flow.set(`${f.name}.flange`, [-f.val[0], -f.val[1]]);
    for (const f of speedIn) {
      const k = mk[massIdx.get(f.at.m)!];
      flow.set(`${f.name}.flange`, [-f.Fv, -f.dF * k.a]);
    }
    // mass and fixed flanges: minus the sum of the others at the node (free: zero)
    const others = (port: string) => {
      let f = 0, df = 0;
      for (const [q, [x, dx]] of flow) if (node(q) === node(port) && q !== port) (f += x, df += dx);
      return [-f, -df] as [number, number];
    };
    const derived: [string, [number, number]][] = [];
    for (const m of masses) for (const fl of ["flange_a", "flange_b"]) derived.push([`${m.n}.${fl}`, others(`${m.n}.${fl}`)]);
    for (const f of fixed.keys()) derived.push([`${f}.flange`, others(`${f}.flange`)]);
    for (const [q, v] of derived) flow.set(q, v);
    const port = (q: string, k: NodeKin) => {
      const [f, df] = flow.get(q)!;
      const inst = q.slice(0, q.indexOf("."));
      const local = q.slice(q.indexOf(".") + 1);
      o[`${q}.s`] = k.s;
      o[`${inst}.d1__${local}__s`] = k.v;
      o[`${inst}.d2__${local}__s`] = k.a;
      o[`${q}.f`] = f;
      o[`${inst}.d1__${local}__f`] = df;
    };
    masses.forEach((m, i) => {
      const k = mk[i];
      o[`${m.n}.s`] = k.s;
      o[`${m.n}.d1__s`] = k.v;
      o[`${m.n}.d2__s`] = k.a;
      o[`${m.n}.v`] = k.v;
      o[`${m.n}.d1__v`] = k.a;
      o[`${m.n}.a`] = k.a;
      port(`${m.n}.flange_a`, at(nk, `${m.n}.flange_a`));
      port(`${m.n}.flange_b`, at(nk, `${m.n}.flange_b`));
    });
    for (const f of fixed.keys()) port(`${f}.flange`, at(nk, `${f}.flange`));
    elements.forEach((e, i) => {
      const a = at(nk, `${e.name}.flange_a`), b = at(nk, `${e.name}.flange_b`);
      port(`${e.name}.flange_a`, a);
      port(`${e.name}.flange_b`, b);
      o[`${e.name}.s_rel`] = b.s - a.s;
      o[`${e.name}.d1__s_rel`] = b.v - a.v;
      o[`${e.name}.f`] = elemF[i].f;
      o[`${e.name}.d1__f`] = ek[i].df;
      if (e.kind !== "spring") {
        o[`${e.name}.d2__s_rel`] = b.a - a.a;
        o[`${e.name}.v_rel`] = b.v - a.v;
        o[`${e.name}.d1__v_rel`] = b.a - a.a;
      }
      if (e.kind !== "damper") {
        o[`${e.name}.stretch`] = b.s - a.s - e.s_rel0;
        o[`${e.name}.d1__stretch`] = b.v - a.v;
      }
    });
    for (const f of forceIn) {
      port(`${f.name}.flange`, at(nk, `${f.at.m}.${f.at.f}`));
      o[`${f.name}.f`] = f.val[0];
      o[`${f.name}.d1__f`] = f.val[1];
      if (f.signal) {
        o[`${f.signal}.y`] = f.val[0];
        o[`${f.signal}.d1__y`] = f.val[1];
        if (f.val.length === 3) o[`${f.signal}.d2__y`] = f.val[2];
      }
    }
    for (const f of speedIn) {
      const k = mk[massIdx.get(f.at.m)!];
      port(`${f.name}.flange`, at(nk, `${f.at.m}.${f.at.f}`));
      o[`${f.name}.s`] = o[`${f.name}.flange.s`];
      o[`${f.name}.d1__s`] = k.v;
      o[`${f.name}.d2__s`] = k.a;
      o[`${f.name}.v`] = k.v;
      o[`${f.name}.d1__v`] = k.a;
    }
    return o;
  };
  return {
    state: masses.flatMap((m) => [`${m.n}.s`, `${m.n}.v`]),
    y0: masses.flatMap((m) => [req(block.start, `${m.n}.s`, "start value"), req(block.start, `${m.n}.v`, "start value")]),
    rhs,
    observe,
  };
}
