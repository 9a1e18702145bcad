// `mech export modelica`: the golden model, --out, and the inputs it refuses (exit 2).
import { describe, expect, it } from "vitest";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MECHANISM_FILES } from "../catalog/mod.ts";
import { catalogSha256 } from "../catalog/mod.ts";
import { exportModelicaCommand } from "./export_commands.ts";
import { InputError } from "./io.ts";
import { fakeIo, runMech } from "./cli.test_support.ts";

const damper = MECHANISM_FILES.find((f) => (f.data as { id: string }).id === "mechanics_damper")!.data as Record<string, unknown>;
// the catalog's hash changes with every catalog edit; the golden file keeps a placeholder
const withoutHash = (text: string) => text.replace(catalogSha256(), "<catalog sha256>");

describe("mech export modelica", () => {
  it("writes mechanics_damper as the golden model", () => {
    const io = fakeIo();
    expect(exportModelicaCommand({ mechanism: "mechanics_damper" }, io)).toBe(0);
    const golden = readFileSync(new URL("./golden/modelica_mechanics_damper.mo", import.meta.url), "utf8");
    expect(withoutHash(io.lines.join("\n") + "\n")).toBe(golden);
  });

  it("writes the same text to --out, and reads a mechanism file (named by its base name)", () => {
    const files: Record<string, string> = { "some/dir/damper.json": JSON.stringify(damper) };
    const io = fakeIo(files);
    expect(exportModelicaCommand({ mechanism: "some/dir/damper.json", out: "damper.mo" }, io)).toBe(0);
    expect(io.lines).toEqual(["ERR wrote damper.mo"]);
    expect(files["damper.mo"]).toContain(`// (file damper.json; catalog sha256 ${catalogSha256()})`);
    expect(files["damper.mo"]).not.toContain("some/dir");
    const stdout = fakeIo();
    exportModelicaCommand({ mechanism: "mechanics_damper" }, stdout);
    const body = (t: string) => t.slice(t.indexOf("model "));
    expect(body(files["damper.mo"])).toBe(body(stdout.lines.join("\n") + "\n"));
  });

  it("refuses an unknown mechanism and a mechanism file without a numeric block", () => {
    expect(() => exportModelicaCommand({ mechanism: "no_such_mechanism" }, fakeIo())).toThrow(/^unknown mechanism "no_such_mechanism"/);
    const { numeric: _numeric, ...rest } = damper;
    const io = fakeIo({ "plain.json": JSON.stringify(rest) });
    expect(() => exportModelicaCommand({ mechanism: "plain.json" }, io)).toThrow(
      new InputError("plain.json: mechanism mechanics_damper has no numeric block (parameters, start values and stopTime), which the Modelica model needs"),
    );
  });

  it("end to end: the model on stdout; bad input exits 2 with the message and no stack trace", () => {
    const ok = runMech("export", "modelica", "thermal_two_masses");
    expect(ok.code).toBe(0);
    expect(ok.out).toMatch(/^model thermal_two_masses "/m);
    const dir = mkdtempSync(join(tmpdir(), "mech-export-"));
    const noNumeric = join(dir, "no_numeric.json");
    const { numeric: _numeric, ...rest } = damper;
    writeFileSync(noNumeric, JSON.stringify(rest));
    const wrongType = join(dir, "wrong_type.json");
    writeFileSync(wrongType, JSON.stringify({ ...damper, components: [{ name: "mass1", type: "translational.Nope" }] }));
    for (const [args, message] of [
      [["no_such_mechanism"], /^mech: unknown mechanism "no_such_mechanism"/],
      [[noNumeric], /no_numeric\.json: mechanism mechanics_damper has no numeric block/],
      [[wrongType], /wrong_type\.json: at \$\.components\[0\]\.type: unknown component type "translational\.Nope"/],
    ] as const) {
      const r = runMech("export", "modelica", ...args);
      expect(r.code, args[0]).toBe(2);
      expect(r.err).toMatch(message);
      expect(r.err).not.toMatch(/\n\s+at /);
    }
  });
});
