// Fresh scene variants through the library and the command: the same seed writes the same
// bytes (under either runtime: the digest below is checked by both), ill-posed draws are
// rejected with their reason, a stopped run continues, another seed's directory is
// refused, and variant sets run like any scenes under both protocols, the reference agent
// answering them correctly.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { spawnMech } from "../../cli/cli.test_support.ts";
import { sha256 } from "../files/sha256.ts";
import { builtinSceneTexts, builtinVariation } from "../../scenes/mod.ts";
import { SceneJson } from "../physment/scene/schema.ts";
import { drawVariant } from "../physment/variation/vary.ts";
import type { SceneVariation } from "../physment/variation/declare.ts";
import type { ReferenceProcedure } from "../physment/reference.ts";
import { type ModelReplyShape, type ModelRequest, OptionsError, runPhysment, scorePhysment, StoreError, UnknownSceneError, varyPhysmentScenes } from "./physment.ts";

const tmp = mkdtempSync(join(tmpdir(), "mechbench-vary-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Every file under dir, relative path → text, sorted by path. */
function tree(dir: string): [string, string][] {
  const out: [string, string][] = [];
  const walk = (rel: string) => {
    for (const name of readdirSync(join(dir, rel)).sort()) {
      const path = rel ? `${rel}/${name}` : name;
      if (statSync(join(dir, path)).isDirectory()) walk(path);
      else out.push([path, readFileSync(join(dir, path), "utf8")]);
    }
  };
  walk("");
  return out;
}

const published = (n: number) => ({ json: SceneJson.parse(JSON.parse(builtinSceneTexts(n)!.json)), xml: builtinSceneTexts(n)!.xml });

describe("varyPhysmentScenes", () => {
  it("writes the same bytes for the same seed, other values for another seed", async () => {
    const a = join(tmp, "a"), b = join(tmp, "b"), c = join(tmp, "c");
    await varyPhysmentScenes({ seed: "determinism", count: 3, scenes: [10], out: a });
    await varyPhysmentScenes({ seed: "determinism", count: 3, scenes: [10], out: b });
    await varyPhysmentScenes({ seed: "another", count: 3, scenes: [10], out: c });
    expect(tree(b)).toEqual(tree(a));
    expect(tree(a).map(([p]) => p)).toEqual([
      "set-1/Scene10/scene10.json", "set-1/Scene10/scene10.xml", "set-1/Scene10/variant.json",
      "set-2/Scene10/scene10.json", "set-2/Scene10/scene10.xml", "set-2/Scene10/variant.json",
      "set-3/Scene10/scene10.json", "set-3/Scene10/scene10.xml", "set-3/Scene10/variant.json",
      "variants.json",
    ]);
    expect(tree(c).find(([p]) => p === "set-1/Scene10/scene10.json")![1]).not.toBe(tree(a).find(([p]) => p === "set-1/Scene10/scene10.json")![1]);
    // the seed is not written, only its digest
    expect(tree(a).some(([, text]) => text.includes("determinism"))).toBe(false);
    // Node and Deno run this test alike: the same digest under both (scenes/Scene10's declaration fixes it)
    expect(sha256(tree(a).map(([p, t]) => `${p}\n${t}`).join("\n")).slice(0, 16)).toBe("c0d49b5c9434d2c8");
  });

  it("a stopped run continues: variants already written are kept, the rest drawn, the files those of one whole run", async () => {
    const whole = join(tmp, "whole"), stopped = join(tmp, "stopped");
    await varyPhysmentScenes({ seed: "resume", count: 2, scenes: [10], out: whole });
    await varyPhysmentScenes({ seed: "resume", count: 2, scenes: [10], out: stopped });
    // as if killed before set 2's marker and the summary were written
    rmSync(join(stopped, "set-2/Scene10/variant.json"));
    rmSync(join(stopped, "variants.json"));
    const events: { set: number; resumed: boolean }[] = [];
    await varyPhysmentScenes({ seed: "resume", count: 2, scenes: [10], out: stopped, onProgress: (e) => events.push({ set: e.set, resumed: e.resumed }) });
    expect(events).toEqual([{ set: 1, resumed: true }, { set: 2, resumed: false }]);
    expect(tree(stopped)).toEqual(tree(whole));
    await expect(varyPhysmentScenes({ seed: "other", count: 2, scenes: [10], out: stopped })).rejects.toThrow(new StoreError(`${stopped}: holds variants drawn with another seed; choose another directory`));
  });

  it("names bad options: count 0, an unknown scene, an empty seed", async () => {
    await expect(varyPhysmentScenes({ seed: "s", count: 0, scenes: [10] })).rejects.toThrow(OptionsError);
    await expect(varyPhysmentScenes({ seed: "s", scenes: [3] })).rejects.toThrow(UnknownSceneError);
    await expect(varyPhysmentScenes({ seed: "", scenes: [10] })).rejects.toThrow(/seed: expected a nonempty seed/);
  });
});

describe("ill-posed draws", () => {
  const base = builtinVariation(10)! as SceneVariation;
  it("a constraint that every draw breaks gives the variant up, with the reason", async () => {
    const v: SceneVariation = { ...base, constraint: () => "the glider would leave its rail" };
    const a = await drawVariant(10, published(10), v, "ill", 1, 4);
    expect(a.variant).toBeNull();
    expect(a.rejected).toEqual({ constraint: 4 });
    expect(a.last).toEqual(["the glider would leave its rail"]);
  });

  it("a massless glider is refused by MuJoCo (files), a wrong closed form by verify's check (closed-form)", async () => {
    const massless: SceneVariation = { ...base, world: (p) => [...base.world(p), { tag: "geom", name: "glider", attr: "mass", value: 0 }] };
    const m = await drawVariant(10, published(10), massless, "ill", 1, 2);
    expect(m.variant).toBeNull();
    expect(Object.keys(m.rejected)).toEqual(["files"]);
    expect(m.last.join(" ")).toMatch(/mass/);
    const wrong: SceneVariation = {
      ...base,
      procedure: (p) => {
        const right = base.procedure(p);
        return { ...right, closedForm: { ...right.closedForm!, value: 2 * (right.closedForm!.value as number) + 1 } };
      },
    };
    const w = await drawVariant(10, published(10), wrong, "ill", 1, 3);
    expect(w.variant).toBeNull();
    expect(w.rejected["closed-form"]).toBeGreaterThan(0);
    expect(w.last.join(" ")).toMatch(/disagrees with \|v\| = A·ω·\|sin\(ω·t\)\|/);
  });
});

/** Plays a reference procedure through the text protocol: the calls as a JSON array in the reply, the results read back from "Results: …". */
function textPlayer(proc: ReferenceProcedure) {
  const gen = proc.run();
  let started = false;
  return (req: ModelRequest): ModelReplyShape => {
    let step;
    if (!started) {
      started = true;
      step = gen.next();
    } else {
      const line = String(req.messages.at(-1)!.content).split("\n")[0];
      const results = JSON.parse(line.slice("Results: ".length)) as { result: unknown }[];
      step = gen.next(results.map((r) => ({ ...r, error: r.result !== null && typeof r.result === "object" && "error" in (r.result as object) })) as never);
    }
    const calls = step.done ? [{ tool: "answer", parameters: { answer: step.value } }] : step.value;
    return { content: `Next: ${JSON.stringify(calls)}` };
  };
}

describe("variant sets run like any scenes", () => {
  it("the reference agent answers every variant through the full loop (function calling), and the text protocol runs on them too", async () => {
    const out = join(tmp, "sets");
    const v = await varyPhysmentScenes({ seed: "play", count: 2, scenes: [10], out });
    for (const set of [1, 2]) {
      const scenesDir = join(out, `set-${set}`);
      const run = await runPhysment({ model: { reference: true }, scenes: [10], budgets: [20], scenesDir });
      const [score] = scorePhysment(run, { scenesDir }).scores;
      expect(score.correct).toBe(true);
      // the text protocol: the same experiment written as JSON in the reply
      const variant = v.variants.find((x) => x.set === set)!;
      const text = await runPhysment({ model: { id: "text-player", function: textPlayer(builtinVariation(10)!.procedure(variant.values)) }, scenes: [10], budgets: [20], protocol: "text", scenesDir });
      expect(text.summary.finished).toBe(1);
      expect(scorePhysment(text, { scenesDir }).scores[0].correct).toBe(true);
    }
  });

  it("the reference agent refuses a scenes directory that is not a variant set", async () => {
    const plain = join(tmp, "sets/set-1/Scene10");
    expect(existsSync(plain)).toBe(true);
    rmSync(join(plain, "variant.json"));
    await expect(runPhysment({ model: { reference: true }, scenes: [10], budgets: [20], scenesDir: join(tmp, "sets/set-1") })).rejects.toThrow(/is not a variant set/);
  });
});

describe("mech physment vary", () => {
  it("writes the sets, reports the rejections, and refuses bad input with exit 2", async () => {
    const out = join(tmp, "cli");
    const ok = await spawnMech(["physment", "vary", "--seed", "cli", "--count", "2", "--scenes", "10", "--out", out]).done;
    expect(ok.code).toBe(0);
    expect(ok.err).toMatch(/2 variants of 1 scenes kept in [\d.]+ s; rejected draws: /);
    expect(existsSync(join(out, "set-2/Scene10/scene10.json"))).toBe(true);
    for (const [args, why] of [
      [["--count", "0", "--scenes", "10", "--out", join(tmp, "x")], /--count: expected a whole number from 1 to 100, got 0/],
      [["--scenes", "3", "--out", join(tmp, "x")], /--scenes: no built-in scene 3/],
      [["--scenes", "10", "--out", join(out, "set-1/Scene10/scene10.json")], /exists and is not a directory/],
      [["--scenes", "10", "--out", join(out, "set-1/Scene10/scene10.json/below")], /a path component is not a directory/],
    ] as const) {
      const r = await spawnMech(["physment", "vary", "--seed", "cli", ...args]).done;
      expect(r.code, r.err).toBe(2);
      expect(r.err).toMatch(why);
      expect(r.err).not.toMatch(/\n\s+at /); // no stack trace
    }
  });
});
