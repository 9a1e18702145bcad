import { beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, readFileSync, writeFileSync, mkdirSync, existsSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateCommand, type GenerateArgs, tasksShowCommand, tasksStatsCommand, tasksVerifyCommand } from "./tasks_commands.ts";
import { fakeIo, runMech } from "./cli.test_support.ts";
import { InputError } from "./io.ts";
import { StoreError } from "../engine/api/mechreasoner.ts";

const temp = () => mkdtempSync(join(tmpdir(), "mech-tasks-"));
const args = (out: string, more: Partial<GenerateArgs> = {}): GenerateArgs => ({
  out, mechanisms: "thermal_two_masses,electrical_resistor", seed: "cli-test", perLevel: 2, maxTokens: 80_000, force: false, json: false, ...more,
});

describe("mech generate and mech tasks", () => {
  const dir = join(temp(), "bench");
  const io = fakeIo();
  let code = -1;
  beforeAll(async () => {
    code = await generateCommand(args(dir), io);
  }, 120_000);

  it("writes the four files and prints the Table 3 and Table 11 summaries", () => {
    expect(code).toBe(0);
    expect(readdirSync(dir).sort()).toEqual(["manifest.json", "problems.jsonl", "solutions.jsonl", "tasks.jsonl"]);
    expect(io.lines).toContain("| task family | items | mechanisms | complete pools | partial pools | empty pools |");
    expect(io.lines.some((l) => /^\| state_consistency \| \d+ \| 2 \|/.test(l))).toBe(true);
    expect(io.lines).toContain("| mechanism | families | retained |");
    expect(io.lines.some((l) => l.startsWith("| thermal_two_masses | state_consistency, "))).toBe(true);
    // with several jobs the pools report as workers finish them, so only the count is fixed
    expect(io.lines.some((l) => /^\[\d+\/12\] thermal_two_masses trace_faithfulness: 8 tasks$/.test(l.replace(/^ERR /, "")))).toBe(true);
    expect(io.lines.some((l) => l.replace(/^ERR /, "").startsWith("[12/12] "))).toBe(true);
  });

  it("tasks verify recomputes every gold and passes an untouched benchmark", async () => {
    const v = fakeIo();
    expect(await tasksVerifyCommand({ dir, json: false }, v)).toBe(0);
    expect(v.lines.at(-1)).toMatch(/tasks verified: .* gold answers were recomputed from the catalog$/);
  });

  it("tasks verify finds a changed gold (and the broken file hash) and exits 1", async () => {
    const copy = join(temp(), "bench");
    mkdirSync(copy);
    for (const f of readdirSync(dir)) writeFileSync(join(copy, f), readFileSync(join(dir, f)));
    const lines = readFileSync(join(copy, "solutions.jsonl"), "utf8").split("\n");
    const tf = lines.findIndex((l) => l.includes('"unfaithful_step_count"'));
    const rec = JSON.parse(lines[tf]);
    rec.answer.unfaithful_step_count += 1;
    lines[tf] = JSON.stringify(rec);
    writeFileSync(join(copy, "solutions.jsonl"), lines.join("\n"));
    const v = fakeIo();
    expect(await tasksVerifyCommand({ dir: copy, json: false }, v)).toBe(1);
    expect(v.lines.some((l) => l.startsWith("solutions.jsonl: its SHA-256 is not the manifest's"))).toBe(true);
    expect(v.lines.some((l) => l.includes(`(${rec.task_id}): the gold is {"unfaithful_step_count":${rec.answer.unfaithful_step_count}}, the catalog gives`))).toBe(true);
  });

  it("tasks verify forms every case of problems.jsonl and finds one whose domains changed", async () => {
    const copy = join(temp(), "bench");
    mkdirSync(copy);
    for (const f of readdirSync(dir)) writeFileSync(join(copy, f), readFileSync(join(dir, f)));
    const lines = readFileSync(join(copy, "problems.jsonl"), "utf8").split("\n");
    type Case = { ref: string; domains: { var: number; cells: number[] }[] };
    const changeable = (l: string) => l.includes('"cases"') && (JSON.parse(l).cases as Case[]).some((x) => x.domains[0]?.cells.length);
    const at = lines.findIndex(changeable);
    expect(at).toBeGreaterThanOrEqual(0);
    const line = JSON.parse(lines[at]);
    const c = (line.cases as Case[]).find((x) => x.domains[0]?.cells.length)!;
    c.domains[0].cells = [];
    lines[at] = JSON.stringify(line);
    writeFileSync(join(copy, "problems.jsonl"), lines.join("\n"));
    const v = fakeIo();
    expect(await tasksVerifyCommand({ dir: copy, json: false }, v)).toBe(1);
    expect(v.lines).toContain(`problems.jsonl: problem ${c.ref.slice(0, 12)}… does not hash to its ref`);
    // a case naming a variable its line's problem lacks cannot be formed: bad input, named
    c.domains[0].var = 100_000;
    lines[at] = JSON.stringify(line);
    writeFileSync(join(copy, "problems.jsonl"), lines.join("\n"));
    const index = line.cases.indexOf(c);
    await expect(tasksVerifyCommand({ dir: copy, json: false }, fakeIo())).rejects.toThrow(`problems.jsonl:${at + 1}: at $.cases[${index}].domains[0].var: variable 100000, but the line's problem has`);
  });

  it("tasks verify finds two transition tasks of one mechanism with the same gold", async () => {
    const copy = join(temp(), "bench");
    mkdirSync(copy);
    for (const f of readdirSync(dir)) writeFileSync(join(copy, f), readFileSync(join(dir, f)));
    const tasks = readFileSync(join(copy, "tasks.jsonl"), "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l));
    const pair = tasks.filter((t) => t.family === "transition" && t.mechanism === "electrical_resistor").map((t) => t.task_id);
    expect(pair.length).toBeGreaterThanOrEqual(2);
    const lines = readFileSync(join(copy, "solutions.jsonl"), "utf8").split("\n");
    const at = (id: string) => lines.findIndex((l) => l.startsWith(`{"task_id":"${id}"`));
    const second = JSON.parse(lines[at(pair[1])]);
    second.answer = JSON.parse(lines[at(pair[0])]).answer;
    lines[at(pair[1])] = JSON.stringify(second);
    writeFileSync(join(copy, "solutions.jsonl"), lines.join("\n"));
    const v = fakeIo();
    expect(await tasksVerifyCommand({ dir: copy, json: false }, v)).toBe(1);
    expect(v.lines.some((l) => l.includes(`(${pair[1]}): its gold equals that of ${pair[0]}, and transition keeps the answers of one mechanism distinct`))).toBe(true);
  });

  it("tasks show prints the prompt exactly as sent, the gold and the evidence", () => {
    const first = JSON.parse(readFileSync(join(dir, "tasks.jsonl"), "utf8").split("\n")[0]);
    const s = fakeIo();
    expect(tasksShowCommand({ taskId: first.task_id, dir, json: false }, s)).toBe(0);
    const text = s.lines.join("\n");
    expect(text).toContain(first.prompt);
    expect(text).toContain("=== gold answer ===\n{\"answer\":{\"case_results\"");
    expect(text).toMatch(/=== evidence ===\nC1 \(.*\): \d+ consistent/);
    expect(() => tasksShowCommand({ taskId: "task_0000000000000000", dir, json: false }, fakeIo())).toThrow(InputError);
  });

  it("tasks stats prints items per family, mechanism and level", () => {
    const s = fakeIo();
    expect(tasksStatsCommand({ dir, json: false }, s)).toBe(0);
    expect(s.lines).toContain("| mechanism | families | retained |");
    expect(s.lines.some((l) => l.startsWith("| trace_faithfulness | 4 | 4 | 4 | 4 |"))).toBe(true);
    expect(s.lines[0]).toMatch(/, seed [^,]+, edge rules sound, catalog /); // the profile the episode gold was computed with
  });

  it("tasks stats --quality adds the shortcut measures, in the text and under quality in --json", () => {
    const s = fakeIo();
    expect(tasksStatsCommand({ dir, json: false, quality: true }, s)).toBe(0);
    expect(s.lines).toContain("Shortcut measures");
    expect(s.lines).toContain("| goal | value | met |");
    const j = fakeIo();
    expect(tasksStatsCommand({ dir, json: true, quality: true }, j)).toBe(0);
    const q = JSON.parse(j.lines[0]).quality;
    expect(q.plausibility.total.tasks).toBe(readFileSync(join(dir, "tasks.jsonl"), "utf8").split("\n").filter((l) => l.includes('"family":"plausibility"')).length);
    expect(Object.keys(q)).toEqual(["plausibility", "functional_recovery", "transition", "necessity", "goals", "solves"]);
    const plain = fakeIo();
    tasksStatsCommand({ dir, json: true }, plain);
    expect(JSON.parse(plain.lines[0]).quality).toBeUndefined();
  });
});

describe("bad input", () => {
  it("names an unknown family, an unknown mechanism and a bad seed", async () => {
    const out = join(temp(), "x");
    await expect(generateCommand(args(out, { families: "state_consistency,bogus" }), fakeIo())).rejects.toThrow(/--families: unknown family "bogus" \(expected one of "state_consistency"/);
    await expect(generateCommand(args(out, { mechanisms: "thermal_two_masses,nope" }), fakeIo())).rejects.toThrow(/--mechanisms: unknown mechanism "nope"/);
    await expect(generateCommand(args(out, { seed: "has space" }), fakeIo())).rejects.toThrow(/--seed: "has space" is not a seed/);
    expect(existsSync(out)).toBe(false); // nothing was created for a refused command
  });

  it("refuses a non-empty output directory without --force, and an unwritable one", async () => {
    const busy = temp();
    writeFileSync(join(busy, "notes.txt"), "mine");
    await expect(generateCommand(args(busy), fakeIo())).rejects.toThrow(StoreError);
    await expect(generateCommand(args(busy), fakeIo())).rejects.toThrow(/is not empty \(1 entry\); choose another --out or pass --force/);
    expect(readFileSync(join(busy, "notes.txt"), "utf8")).toBe("mine");
    const file = join(temp(), "plain-file");
    writeFileSync(file, "");
    await expect(generateCommand(args(join(file, "sub")), fakeIo())).rejects.toThrow(/plain-file\/sub: (a path component is not a directory|no such file or directory)/);
    await expect(generateCommand(args(file), fakeIo())).rejects.toThrow(/exists and is not a directory/);
  });

  it("a directory without a manifest is an unfinished generation, not a benchmark", async () => {
    const half = temp();
    writeFileSync(join(half, "tasks.jsonl"), "");
    expect(() => tasksStatsCommand({ dir: half, json: false }, fakeIo())).toThrow(/no manifest.json; this is not a generated benchmark, or its generation did not finish/);
    await expect(tasksVerifyCommand({ dir: join(half, "missing"), json: false }, fakeIo())).rejects.toThrow(/missing: no such directory/);
  });

  it("a malformed task line is reported with file, line and JSON path", async () => {
    const dir = join(temp(), "b");
    await generateCommand(args(dir, { mechanisms: "thermal_two_masses", families: "trace_faithfulness", perLevel: 1 }), fakeIo());
    const lines = readFileSync(join(dir, "tasks.jsonl"), "utf8").split("\n");
    const rec = JSON.parse(lines[1]);
    rec.level = "D9";
    lines[1] = JSON.stringify(rec);
    writeFileSync(join(dir, "tasks.jsonl"), lines.join("\n"));
    await expect(tasksVerifyCommand({ dir, json: false }, fakeIo())).rejects.toThrow(/tasks\.jsonl:2: at \$\.level: /);
  });

  it("the CLI exits 2 with one line, no stack trace", () => {
    const r = runMech("generate", "--families", "bogus");
    expect(r.code).toBe(2);
    expect(r.err.trim()).toMatch(/^mech: --families: unknown family "bogus"/);
    const v = runMech("tasks", "verify", "no/such/dir");
    expect(v.code).toBe(2);
    expect(v.err.trim()).toBe("mech: no/such/dir: no such directory");
  });
});
