// A component library: validated component types from one or more files.
import { ComponentLibraryFile } from "./component_type.ts";
import { fromZod, IssueSink, ModelError, type ModelIssue } from "./issues.ts";
import { buildTypeTable, type TypeTable } from "./type_table.ts";
import { checkQuantitative } from "../numeric/quantitative_check.ts";

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

/** Validates every library file; throws ModelError listing every problem. */
export function loadLibrary(files: SourceFile[]): Library {
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
      for (const q of checkQuantitative(type)) sink.add(["types", index, ...q.path], q.message);
      const prior = lib.get(type.id);
      if (prior) sink.add(["types", index, "id"], `component type "${type.id}" is already defined in ${prior.file}`);
      else lib.set(type.id, { table, file, index });
    });
    issues.push(...sink.issues);
  }
  if (issues.length) throw new ModelError(issues);
  return lib;
}
