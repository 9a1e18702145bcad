// Decl(x, x', c) (A.4): every changed component needs a compatible declaration from
// T_{p,s(p)}: the right destination, its source guard on x, its target guard on x',
// and its event coordinate in the cause (read per the edge rules: see eventMoved in
// edge_definitions.ts).
import type { ModelTransition } from "../model/model.ts";
import type { CoordinateTable } from "./coordinates.ts";
import type { Episode } from "./episode.ts";

export type DeclFailure = "destination" | "source guard" | "target guard" | "event";

/** Why one declaration does not license the change (null: it does). */
export function declarationFailure(t: ModelTransition, x: Episode, y: Episode, moved: (v: number) => boolean): DeclFailure | null {
  if (t.to !== y.state[t.instance]) return "destination";
  if (!t.source.every((g) => g.cells.includes(x.cells[g.var]))) return "source guard";
  if (!t.target.every((g) => g.cells.includes(y.cells[g.var]))) return "target guard";
  // the event coordinate must occur in the cause (docs/semantics.md §13.6, §13.10)
  if (t.event !== null && !moved(t.event)) return "event";
  return null;
}

/** The first compatible declaration (index into model.transitions) for instance p, or null. */
export function compatibleDeclaration(table: CoordinateTable, p: string, x: Episode, y: Episode, moved: (v: number) => boolean): number | null {
  for (const ti of table.transitionsOf.get(p) ?? []) {
    const t = table.model.transitions[ti];
    if (t.from === x.state[p] && declarationFailure(t, x, y, moved) === null) return ti;
  }
  return null;
}
