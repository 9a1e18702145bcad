// The mechanism as the converter checks see it: the resolved model with lookups into the
// component library and the mechanism file's data, so that every finding can name the
// file and JSON path of the declaration at fault. Both kinds of check read it.
import type { Library } from "../model/library.ts";
import { type JsonPath, jsonPath } from "../files/json_path.ts";
import type { MechanismModel, ModelInstance, ModelTransition } from "../model/model.ts";
import type { TypeTable } from "../model/type_table.ts";

/** The model with lookups: types, file locations, flow and across orders of ports. */
export class CheckContext {
  readonly data?: { connections?: unknown; free?: unknown };
  /**
   * `library`: the component library the mechanism was loaded against (types, ports, file
   * locations); `data`: the mechanism's JSON data, to point at connection groups and
   * free-port entries.
   */
  constructor(readonly model: MechanismModel, readonly library?: Library, data?: unknown) {
    this.data = typeof data === "object" && data !== null ? data as { connections?: unknown } : undefined;
  }
  instance(name: string): ModelInstance | undefined {
    return this.model.instances.find((i) => i.name === name);
  }
  table(inst: ModelInstance): TypeTable | undefined {
    return this.library?.get(inst.type)?.table;
  }
  mech(path: JsonPath): { file: string; path: string } {
    return { file: this.model.file, path: jsonPath(path) };
  }
  /** The file and path of a declaration inside an instance's component type. */
  type(instance: string, path: JsonPath): { file?: string; path?: string } {
    const inst = this.instance(instance);
    const entry = inst && this.library?.get(inst.type);
    return entry ? { file: entry.file, path: jsonPath(["types", entry.index, ...path]) } : {};
  }
  componentPath(instance: string): { file: string; path: string } {
    return this.mech(["components", this.model.instances.findIndex((i) => i.name === instance)]);
  }
  /** `connections[k]`, the first connection group listing `port` (just `connections` without the file's data). */
  connectionGroup(port: string): JsonPath {
    const groups = this.data?.connections;
    const k = Array.isArray(groups) ? groups.findIndex((g) => Array.isArray(g) && g.includes(port)) : -1;
    return k < 0 ? ["connections"] : ["connections", k];
  }
  /** `free[k]`, the entry declaring `port` free (just `free` without the file's data). */
  freeEntry(port: string): JsonPath {
    const free = this.data?.free;
    const k = Array.isArray(free) ? free.indexOf(port) : -1;
    return k < 0 ? ["free"] : ["free", k];
  }
  /** Highest derivative order declared for the variable named `name` (its base), or -1. */
  orders(name: string): number {
    const idx = this.model.variableIndex.get(name);
    if (idx === undefined) return -1;
    return this.model.variables.reduce((m, v) => (v.base === idx ? Math.max(m, v.order) : m), 0);
  }
  /** Path of a transition in the instance's type: its k-th transition. */
  transitionPath(t: ModelTransition): { file?: string; path?: string } {
    const k = this.model.transitions.filter((x) => x.instance === t.instance).indexOf(t);
    return this.type(t.instance, ["transitions", k]);
  }
  typeName(instance: string): string {
    const inst = this.instance(instance);
    return inst ? `${instance} (${inst.type})` : instance;
  }
}

