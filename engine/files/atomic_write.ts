// Files written under a temporary name and renamed into place: a reader (or a run resumed
// after a kill) never sees a half-written file under its final name.
import { renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fsMessage } from "./fs_reason.ts";

/**
 * Writes `text` to `dir/name` through a temporary file (`dir/.name.partial`, or `tmpName` in
 * `dir` when writers may race on one name); a failure removes it and is a StoreError naming the file.
 */
export function writeAtomically(dir: string, name: string, text: string, tmpName = `.${name}.partial`): void {
  const tmp = join(dir, tmpName);
  try {
    writeFileSync(tmp, text);
    renameSync(tmp, join(dir, name));
  } catch (e) {
    // a partial file left on a full disk would hold the space the next attempt needs
    try {
      rmSync(tmp, { force: true });
    } catch {
      // nothing there to remove
    }
    throw fsMessage(join(dir, name), e);
  }
}
