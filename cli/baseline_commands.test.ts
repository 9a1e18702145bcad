import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { writeSmallBenchmark } from "../engine/eval/eval.test_support.ts";
import type { EvalItem } from "../engine/eval/items.ts";
import { parserReply } from "../engine/api/mechreasoner.ts";
import { spawnMech } from "./cli.test_support.ts";
import { sha256 } from "../engine/files/sha256.ts";
import { completionHash } from "../engine/tasks/manifest.ts";

let tasks: string;
let items: EvalItem[];
beforeAll(() => {
  ({ dir: tasks, items } = writeSmallBenchmark());
});

describe("mech baseline", () => {
  it("answer: every task read from its prompt alone, each equal to the gold", async () => {
    const r = await spawnMech(["baseline", "answer", "--tasks", tasks]).done;
    expect(r.err).not.toMatch(/internal error/);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(new RegExp(`\\| all \\| ${items.length} \\| ${items.length} \\| 0 \\| [0-9.]+ \\|`));
    const json = await spawnMech(["baseline", "answer", "--tasks", tasks, "--json"]).done;
    const lines = json.out.trim().split("\n").map((l) => JSON.parse(l) as { task_id: string; answer: unknown });
    expect(lines.map((l) => l.task_id)).toEqual(items.map((i) => i.task_id));
    expect(lines.map((l) => l.answer)).toEqual(items.map((i) => i.gold));
  });

  it("answer: exit 1 naming the task when an answer differs from the gold", async () => {
    const dir = mkdtempSync(join(tmpdir(), "mech-parser-differs-"));
    cpSync(tasks, dir, { recursive: true });
    const lines = readFileSync(join(dir, "solutions.jsonl"), "utf8").trimEnd().split("\n").map((l) => JSON.parse(l));
    const k = lines.findIndex((l) => typeof l.answer.plausibility_labels === "string");
    const flipped = [...lines[k].answer.plausibility_labels as string].map((c, i) => (i === 0 ? (c === "P" ? "I" : "P") : c)).join("");
    lines[k].answer = { ...lines[k].answer, plausibility_labels: flipped };
    const text = lines.map((l) => JSON.stringify(l) + "\n").join("");
    writeFileSync(join(dir, "solutions.jsonl"), text);
    const manifest = JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8"));
    manifest.files["solutions.jsonl"] = sha256(text);
    manifest.completion_sha256 = completionHash(manifest);
    writeFileSync(join(dir, "manifest.json"), JSON.stringify(manifest));
    const r = await spawnMech(["baseline", "answer", "--tasks", dir]).done;
    expect(r.code).toBe(1);
    expect(r.err.trim().split("\n").at(-1)).toBe(`mech: 1 answer differs from the gold: ${lines[k].task_id} (plausibility, ${items.find((i) => i.task_id === lines[k].task_id)!.mechanism})`);
  });

  it("serve: mech eval against it scores 100 % with no protocol or infrastructure failure; a taken port is a clear error", async () => {
    const server = spawnMech(["baseline", "serve", "--port", "0"]);
    let url = "";
    for (let i = 0; i < 400 && !url; i++) {
      await new Promise((r) => setTimeout(r, 25));
      url = /listening on (http:\/\/127\.0\.0\.1:[0-9]+\/v1)/.exec(server.stdout())?.[1] ?? "";
    }
    expect(url).not.toBe("");
    try {
      const out = join(mkdtempSync(join(tmpdir(), "mech-parser-")), "run");
      const r = await spawnMech(["eval", "--tasks", tasks, "--model", "prompt-parser", "--base-url", url, "--out", out, "--no-cache", "--json"]).done;
      expect(r.err).not.toMatch(/internal error/);
      expect(r.code).toBe(0);
      const all = (JSON.parse(r.out) as { runs: { families: { family: string; n: number; e2e_accuracy: number; protocol: number; infrastructure: number }[] }[] }).runs[0].families.find((f) => f.family === "all")!;
      expect(all).toMatchObject({ n: items.length, e2e_accuracy: 1, protocol: 0, infrastructure: 0 });
      const port = new URL(url).port;
      const taken = await spawnMech(["baseline", "serve", "--port", port]).done;
      expect(taken.code).toBe(2);
      expect(taken.err).toContain(`127.0.0.1:${port} is in use; choose another --port`);
    } finally {
      server.child.kill("SIGTERM");
    }
    const end = await server.done;
    // it stops on SIGTERM with exit 0 (from a shell, or a Node parent); a Deno parent's
    // child_process reports the child as ended by the signal instead
    expect(end.code === 0 || end.signal === "SIGTERM").toBe(true);
  });

  it("a prompt the parser cannot read is answered with its reason and no JSON object (a protocol failure of the baseline)", () => {
    expect(parserReply("hello")).toBe('prompt-parser could not read the prompt: (no task id): line 1: expected the header line Task family: FAMILY, found "hello"');
    expect(JSON.parse(parserReply(items[0].prompt))).toEqual({ answer: items[0].gold });
  });
});
