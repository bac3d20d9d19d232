/**
 * The directory export files wait in for their download: owner-only (0700, files 0600), under the portal's data
 * directory unless EXPORT_DIR says otherwise. Files are named by their job's random ID only; at start-up the files
 * an earlier process left (its jobs are gone with it) are deleted, and nothing else in the directory is touched.
 */
import { chmodSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";

/** An export file's name: the job's 128-bit ID in hex and the format. */
export const EXPORT_FILE = /^[0-9a-f]{32}\.(csv|xlsx|zip)$/;

export function prepareExportDir(dir: string): string {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  for (const name of readdirSync(dir)) if (EXPORT_FILE.test(name)) rmSync(join(dir, name), { force: true });
  return dir;
}

/** Deletes an export file, if it is there. */
export const deleteFile = (path: string) => rmSync(path, { force: true });

/** An export file's size; 0 before its writer has created it. */
export function fileSize(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}
