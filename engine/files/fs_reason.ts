// File-system failures in words (permission denied, no space left …) without the errno
// noise, so every command reports them the same way.
import { StoreError } from "./errors.ts";

/** A file-system error's reason in words. */
export function fsReason(e: unknown): string {
  const code = (e as { code?: string }).code;
  return code === "EACCES" || code === "EPERM" ? "permission denied"
    : code === "ENOENT" ? "no such file or directory"
    : code === "ENOTDIR" ? "a path component is not a directory"
    : code === "EROFS" ? "read-only file system"
    : code === "ENOSPC" ? "no space left on the device"
    : e instanceof Error ? e.message : String(e);
}

/** A StoreError naming `path` and the reason `e` failed. */
export function fsMessage(path: string, e: unknown): StoreError {
  return new StoreError(`${path}: ${fsReason(e)}`);
}
