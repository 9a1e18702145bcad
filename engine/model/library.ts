// A component library: validated component types from one or more files.
import { type ComponentType, ComponentLibraryFile } from "./component_type.ts";
import type { JsonPath } from "../files/json_path.ts";
import { fromZod, IssueSink, MechanismError, type ModelIssue } from "./issues.ts";
import { buildTypeTable, type TypeTable } from "./type_table.ts";

export interface LibraryEntry {
  table: TypeTable;
  file: string;
  index: number;
}

export type Library = Map<string, LibraryEntry>;

export interface SourceFile {
  file: string;
  data: unknown;
}

/**
 * A check of one component type beyond its schema and qualitative tables, its problems
 * under paths relative to the type. Later stages supply theirs (the numeric stage's
 * quantitative check), so that loading a library depends on no later stage.
 */
export type TypeCheck = (type: ComponentType) => { path: JsonPath; message: string }[];

/** Validates every library file, running `checks` on each type; throws MechanismError listing every problem. */
export function loadLibrary(files: SourceFile[], checks: readonly TypeCheck[] = []): Library {
  const issues: ModelIssue[] = [];
  const lib: Library = new Map();
  for (const { file, data } of files) {
    const parsed = ComponentLibraryFile.safeParse(data);
    if (!parsed.success) {
      issues.push(...fromZod(file, parsed.error));
      continue;
    }
    const sink = new IssueSink(file);
    parsed.data.types.forEach((type, index) => {
      const table = buildTypeTable(type, sink, ["types", index]);
      for (const check of checks) for (const q of check(type)) sink.add(["types", index, ...q.path], q.message);
      const prior = lib.get(type.id);
      if (prior) sink.add(["types", index, "id"], `component type "${type.id}" is already defined in ${prior.file}`);
      else lib.set(type.id, { table, file, index });
    });
    issues.push(...sink.issues);
  }
  if (issues.length) throw new MechanismError(issues);
  return lib;
}
