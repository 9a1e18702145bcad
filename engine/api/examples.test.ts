// Every script in examples/ runs as a user runs it: `deno run` from the repository's root
// with exactly the permissions its header comment declares (and no prompt, so a missing
// permission fails instead of waiting), against loopback servers started here, never the
// network. Each must exit 0 and print what it is there to show; the scripts' numbers are
// checked against what the servers saw or against the library called in this process.
// Every example must import the public entries only (deno.json's exports, by package name).
import { spawn } from "node:child_process";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { completion, startLoopback } from "../llm/loopback.test_support.ts";
import { parseMechanism, solveStates } from "./solver.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const DENO = join(ROOT, "node_modules", ".bin", "deno");
const DIR = join(ROOT, "examples");
const denoJson = JSON.parse(readFileSync(join(ROOT, "deno.json"), "utf8")) as { name: string; exports: Record<string, string> };
/** Each example gets this long before it is killed and the test fails; they take seconds. */
const LIMIT_MS = 60_000;

const examples = readdirSync(DIR).filter((f) => f.endsWith(".ts")).sort();

/** The permissions an example's header declares (`Permissions: none` or `--allow-…` flags), checked equal to the flags of its `deno run` line. */
function declaredPermissions(name: string, text: string): string[] {
  const header = text.split("\n").filter((l) => l.startsWith("//")).map((l) => l.replace(/^\/\/\s?/, ""));
  const decl = header.find((l) => /^\s*Permissions:/.test(l));
  if (!decl) throw new Error(`examples/${name}: no "Permissions:" line in its header comment (write "Permissions: none" or the --allow-… flags it needs)`);
  const value = decl.replace(/^\s*Permissions:\s*/, "");
  const permissions = /^none\b/.test(value) ? [] : value.split(/\s+/).filter((t) => t.startsWith("--allow-"));
  if (!permissions.length && !/^none\b/.test(value)) throw new Error(`examples/${name}: "Permissions:" names no --allow-… flag and is not "none"`);
  const runLine = header.find((l) => l.includes("deno run") && l.includes(`examples/${name}`));
  if (!runLine) throw new Error(`examples/${name}: no "deno run … examples/${name}" line in its header comment`);
  const flags = runLine.slice(runLine.indexOf("deno run") + "deno run".length, runLine.indexOf(`examples/${name}`)).trim().split(/\s+/).filter(Boolean).map((f) => f.replace(/^'(.*)'$/, "$1"));
  expect(flags, `examples/${name}: the flags of its "deno run" line`).toEqual(permissions);
  return permissions;
}

interface Ran {
  code: number | null;
  out: string;
  err: string;
}

/** `deno ARGS…` from the root, without colours or the caller's model settings; killed past `limitMs`. */
function deno(args: readonly string[], limitMs = LIMIT_MS): Promise<Ran> {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: "1" };
  for (const k of Object.keys(env)) if (/^(OPENAI_|MODEL_API_)/.test(k)) delete env[k];
  const child = spawn(DENO, args, { cwd: ROOT, env });
  let out = "", err = "";
  child.stdout.on("data", (d) => (out += d));
  child.stderr.on("data", (d) => (err += d));
  const timer = setTimeout(() => child.kill("SIGKILL"), limitMs);
  return new Promise((resolve) =>
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, out, err });
    })
  );
}

/** `deno run --no-prompt PERMISSIONS examples/NAME ARGS…`, the permissions read from the example's header. */
function runExample(name: string, args: readonly string[] = []): Promise<Ran> {
  const permissions = declaredPermissions(name, readFileSync(join(DIR, name), "utf8"));
  return deno(["run", "--no-prompt", ...permissions, `examples/${name}`, ...args]);
}

function expectOk(r: Ran): void {
  expect(r.code, `exit code; stderr:\n${r.err.slice(-3000)}`).toBe(0);
}

/** The answer template a MechReasoner prompt ends with: a reply that is well-formed JSON. */
const template = (prompt: string) => prompt.slice(prompt.lastIndexOf('{"answer"')).trim();

/** A Messages-style API on loopback (the shape examples/function_model.ts speaks), logging each request body. */
async function messagesServer() {
  const bodies: Record<string, unknown>[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let text = "";
    req.on("data", (c) => (text += c));
    req.on("end", () => {
      const body = JSON.parse(text) as { messages: { content: string }[] };
      bodies.push(body);
      const prompt = body.messages.at(-1)!.content;
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ content: [{ type: "text", text: template(prompt) }], usage: { input_tokens: prompt.length, output_tokens: 7 }, stop_reason: "end_turn" }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/v1/messages`, bodies, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** What each example is run with and must print. An example without an entry fails: write its checks. */
const CHECKS: Record<string, () => Promise<void>> = {
  "function_model.ts": async () => {
    const api = await messagesServer();
    try {
      const r = await runExample("function_model.ts", [api.url]);
      expectOk(r);
      const n = api.bodies.length;
      expect(n).toBeGreaterThan(20);
      // every request went out once; the second run was answered from the cache
      const chars = api.bodies.reduce((k, b) => k + (b as { messages: { content: string }[] }).messages[0].content.length, 0);
      expect(r.out).toContain(`first run: ${n} sent, 0 from the cache, {} failures, tokens ${chars} in / ${7 * n} out`);
      expect(r.out).toContain(`second run: 0 sent, ${n} from the cache`);
      expect(r.out).toMatch(new RegExp(`score: coverage 1, compliance 0\\.\\d{3}, e2e accuracy 0\\.000 over ${n} items`));
      for (const b of api.bodies) {
        expect(b).toMatchObject({ model: "my-model", max_tokens: 20_000 });
        expect(String(b.system)).toMatch(/\S/);
      }
    } finally {
      await api.close();
    }
  },

  "few_shot.ts": async () => {
    const server = await startLoopback((body) => {
      const messages = body.messages as { content: string }[];
      return completion({ content: template(messages.at(-1)!.content), usage: { prompt_tokens: 100, completion_tokens: 9 } });
    });
    try {
      const r = await runExample("few_shot.ts", [server.baseURL, "loopback-model", "2"]);
      expectOk(r);
      const requests = server.requests as { model: string; messages: { role: string; content: string }[]; max_tokens?: number }[];
      const zero = requests.filter((q) => q.messages.length === 2), few = requests.filter((q) => q.messages.length === 6);
      expect(zero.length).toBeGreaterThan(20);
      expect(few.length).toBe(zero.length);
      expect(requests.length).toBe(2 * zero.length);
      const family = (prompt: string) => /^Task family: (.*)$/m.exec(prompt)?.[1];
      for (const q of few) {
        expect(q.messages.map((m) => m.role)).toEqual(["system", "user", "assistant", "user", "assistant", "user"]);
        const [, shot1, gold1, shot2, gold2, own] = q.messages;
        // worked examples: other tasks of the same family, each answered with its gold
        expect(new Set([shot1.content, shot2.content, own.content]).size).toBe(3);
        expect(family(shot1.content)).toBe(family(own.content));
        expect(family(shot2.content)).toBe(family(own.content));
        for (const g of [gold1, gold2]) expect(Object.keys(JSON.parse(g.content))).toEqual(["answer"]);
        // the run's controls are passed on
        expect(q).toMatchObject({ model: "loopback-model", max_tokens: 20_000 });
      }
      expect(r.out).toMatch(new RegExp(`^loopback-model +0\\.000 \\(0\\.\\d{3}\\); ${zero.length} sent, 0 failed$`, "m"));
      expect(r.out).toMatch(new RegExp(`^loopback-model\\+2-shot +0\\.000 \\(0\\.\\d{3}\\); ${few.length} sent, 0 failed$`, "m"));
    } finally {
      await server.close();
    }
  },

  "self_consistency.ts": async () => {
    const accuracies = (out: string) => {
      const m = /^all +([\d.]+) % +([\d.]+) %$/m.exec(out);
      expect(m, out).not.toBeNull();
      return [Number(m![1]), Number(m![2])];
    };
    const five = await runExample("self_consistency.ts");
    expectOk(five);
    expect(five.out).toMatch(/e2e accuracy with one sample and with the majority of 5/);
    const [once, voted] = accuracies(five.out);
    expect(voted).toBeGreaterThan(once + 10);
    // with one sample the vote is the sample: the two columns agree on every row
    const one = await runExample("self_consistency.ts", ["1"]);
    expectOk(one);
    const rows = one.out.split("\n").filter((l) => / %/.test(l));
    expect(rows.length).toBe(7);
    for (const row of rows) expect(row).toMatch(/ ([\d.]+ %) +\1$/);
    expect(accuracies(one.out)[0]).toBe(once);
  },

  "custom_analysis.ts": async () => {
    const md = await runExample("custom_analysis.ts");
    expectOk(md);
    expect(md.out).toContain("| mechanism | B1 | B2 | B3 | B4 | all |");
    for (const m of ["electrical_resistor", "mechanics_accelerate", "thermal_two_masses"]) expect(md.out).toMatch(new RegExp(`^\\| ${m} \\| `, "m"));
    // the stand-in model gets worse with the level, and the bins see it
    const all = /^\| all \| ([\d.]+) \(\d+\) \| [^|]+\| [^|]+\| ([\d.]+) \(\d+\) \| [\d.]+ \((\d+)\) \|$/m.exec(md.out);
    expect(all, md.out).not.toBeNull();
    expect(Number(all![1])).toBeGreaterThan(Number(all![2]));
    expect(md.out).toMatch(/^The 24 family × bin estimates of the report equal the accuracies computed here\.$/m);
    const svg = await runExample("custom_analysis.ts", ["--svg"]);
    expectOk(svg);
    expect(svg.out.trim()).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^]*<\/svg>$/);
    // four bins × three mechanisms, and a legend square per mechanism
    expect(svg.out.match(/<rect /g)?.length).toBe(4 * 3 + 3);
  },

  "solver_scripting.ts": async () => {
    const r = await runExample("solver_scripting.ts");
    expectOk(r);
    // the counts equal the library's on the same file
    const file = "examples/my_mechanism.json";
    const model = parseMechanism(readFileSync(join(ROOT, file), "utf8"), file);
    const solved = [...solveStates(model)];
    const consistent = solved.filter((s) => s.count > 0n);
    const total = solved.reduce((k, s) => k + s.count, 0n);
    expect(r.out).toContain(`${consistent.length} of ${solved.length} composite states consistent, ${total} interpretations in all`);
    for (const s of consistent) expect(r.out).toContain(`  ${s.label}: ${s.count} interpretation`);
    expect(r.out).toMatch(/^forced under just_poured in COOLING\|FORWARD_HEAT_FLOW\|HEATING\|NO_HEAT_FLOW \(\d+ variables; parameters left out\):\n {2}tea\.T=positive, tea\.d1__T=negative/m);
    expect(r.out).toContain("ADMITTED: the edge exists");
    expect(r.out).toContain("why is tea=HEATING rejected?");
    expect(r.out).toContain("Decl fails:\n    tea: COOLING→HEATING is not declared");
    expect(r.out).toContain("REJECTED by every cause: no such edge");
  },

  "in_memory.ts": async () => {
    // no permission at all: a file read or write, or a connection, would fail the run
    const r = await runExample("in_memory.ts");
    expectOk(r);
    expect(r.out).toMatch(/^benchmark: (\d+) tasks on 2 mechanisms, completion [0-9a-f]{12}$/m);
    const tasks = /^benchmark: (\d+) tasks/m.exec(r.out)![1];
    expect(r.out).toContain(`verified: ${tasks} tasks, ${tasks} golds recomputed, 0 findings`);
    expect(r.out).toMatch(/^baseline:replay +1\.000 +1\.000 +1\.000$/m);
    expect(r.out).toMatch(/^shape-echo +0\.\d{3} +0\.000 +0\.\d{3}$/m);
    expect(r.out).toMatch(/^report: [\d,]+ characters of HTML, \d+ analysis slices$/m);
    expect(r.err).toMatch(/^generated 12\/12: mechanics_accelerate trace_faithfulness/m);
  },

  "physment_agent.ts": async () => {
    const r = await runExample("physment_agent.ts");
    expectOk(r);
    expect(r.out).toMatch(/^scene 7: answered /m);
    expect(r.out).toMatch(/^scene 9: answered /m);
    expect(r.out).toMatch(/^\| 7 \| (yes|no) \|/m);
    expect(r.out).toMatch(/^\| 9 \| (yes|no) \|/m);
    expect(r.out).toMatch(/^accuracy [\d.]+ %, Final Score [\d.]+ over 2 episodes$/m);
  },
};

describe("examples/", () => {
  it("holds the issue's examples", () => {
    for (const name of ["function_model.ts", "self_consistency.ts", "few_shot.ts", "custom_analysis.ts", "solver_scripting.ts", "in_memory.ts"]) expect(examples).toContain(name);
  });

  it("imports only the public entries, by package name", () => {
    const entries = Object.keys(denoJson.exports).map((k) => (k === "." ? denoJson.name : `${denoJson.name}/${k.slice(2)}`));
    for (const name of examples) {
      const text = readFileSync(join(DIR, name), "utf8");
      const specifiers = [...text.matchAll(/^\s*import\b[^;]*?["']([^"']+)["']/gm)].map((m) => m[1]);
      expect(specifiers.length, name).toBeGreaterThan(0);
      for (const s of specifiers) expect(entries, `examples/${name} imports ${s}`).toContain(s);
    }
  });

  it("declares its permissions in every header", () => {
    for (const name of examples) declaredPermissions(name, readFileSync(join(DIR, name), "utf8"));
  });

  // deno run does not type-check: a script whose types drifted from the API would still run
  it("type-checks against the entries' declarations", async () => {
    const r = await deno(["check", ...examples.map((n) => `examples/${n}`)], 110_000);
    expect(r.code, r.err.slice(-3000)).toBe(0);
  });

  for (const name of examples) {
    it(`runs ${name} with the permissions its header declares`, async () => {
      const check = CHECKS[name];
      if (!check) throw new Error(`examples/${name} has no checks in engine/api/examples.test.ts: add what it must print`);
      await check();
    });
  }
});
