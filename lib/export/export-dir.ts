/**
 * The directory export files wait in for their download: owner-only (0700, files 0600), under the portal's data
 * directory unless EXPORT_DIR says otherwise, and one directory that every instance reads (docs/exports.md, Files).
 * A job's file is written under a temporary name (`<id>.<format>.part`) and renamed to `<id>.<format>` only once it
 * is whole and hashed, so that no half-written file is ever handed out. Files are named by their job's random ID
 * only; at start-up the files no job in the store names are deleted, and nothing else in the directory is touched.
 */
import { chmodSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import type { JobFormat } from "./export-file-name";

/** An export file's name: the job's 128-bit ID in hex, the format, and `.part` while it is written. */
export const EXPORT_FILE = /^([0-9a-f]{32})\.(csv|xlsx|zip)(\.part)?$/;

/** What names a job's files. */
export interface JobFileName {
  id: string;
  format: JobFormat;
}

export function prepareExportDir(dir: string): string {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  return dir;
}

/** Where a job's finished file is kept for its download. */
export const keptFilePath = (dir: string, job: JobFileName) => join(dir, `${job.id}.${job.format}`);

/** Where a job's file is written until it is whole. */
export const partFilePath = (dir: string, job: JobFileName) => `${keptFilePath(dir, job)}.part`;

/** Deletes an export file, if it is there. */
export const deleteFile = (path: string) => rmSync(path, { force: true });

/** Deletes a job's files, whole or partial, if they are there. */
export function deleteJobFiles(dir: string, job: JobFileName): void {
  deleteFile(keptFilePath(dir, job));
  deleteFile(partFilePath(dir, job));
}

/**
 * Deletes the export files of jobs that `knownIds` does not name. The directory is read first: a file there was
 * created after its job's row (export-jobs.ts inserts the row before the runner creates the file), so the IDs read
 * after it name every live job's file, whatever instance writes or keeps it.
 */
export async function deleteUnknownFiles(dir: string, knownIds: () => Promise<ReadonlySet<string>>): Promise<number> {
  const files = readdirSync(dir).flatMap((name) => {
    const match = EXPORT_FILE.exec(name);
    return match ? [{ name, id: match[1] }] : [];
  });
  if (files.length === 0) return 0;
  const known = await knownIds();
  const unknown = files.filter((f) => !known.has(f.id));
  for (const f of unknown) deleteFile(join(dir, f.name));
  return unknown.length;
}

/** An export file's size; 0 before its writer has created it. */
export function fileSize(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}
