// Where in a JSON document a problem is: every validation message names its JSON path
// the same way ($.a.b[2]["odd key"]).

export type JsonPath = (string | number)[];

/** A path as `$`, `.name` for plain keys, `[i]` for indices and `["…"]` for any other key. */
export function jsonPath(path: readonly PropertyKey[]): string {
  return "$" + path.map((p) =>
    typeof p === "number" ? `[${p}]` : /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(String(p)) ? `.${String(p)}` : `[${JSON.stringify(String(p))}]`
  ).join("");
}
