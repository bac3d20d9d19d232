/**
 * The study export pack (docs/export-pack.md): one ZIP streamed to `sink` with yazl, file after file, each file
 * made piece by piece as the ZIP takes it (memory stays bounded whatever the study's size), then manifest.json
 * with every file's rows, size and SHA-256. Built to run inside an export job: progress as files and rows written,
 * cancel through `signal`. A cancelled or failed pack destroys `sink` with the reason (an HTTP download fails, a
 * job's temporary file is the job's to remove): never a ZIP that looks complete but is not.
 */
import { createHash } from "node:crypto";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { setTimeout as sleep } from "node:timers/promises";
import { ZipFile } from "yazl";
import { PORTAL_VERSION } from "@/lib/config/portal-version";
import { exportFileName } from "../export-file-name";
import { type Manifest, manifest, type PackPeople } from "./manifest";
import type { ExportPackData } from "./pack-data";
import { MANIFEST_NAME, packFiles } from "./pack-files";
import { type WrittenFile, writeEntry } from "./zip-entry";

export interface StudyPackInput extends PackPeople {
  /** The study's rows and views (sections/export-pack/load.ts: loadExportPack). */
  data: ExportPackData;
  /** When the pack is made: now unless given. */
  createdAt?: Date;
  /** Told once, before anything is written: the files (manifest included) and rows to come, for a progress bar. */
  onPlan?: (plan: { files: number; rows: number }) => void;
  /** At most this many rows a second (EXPORT_MAX_ROWS_PER_SECOND, as a table's export); absent or 0: no limit. */
  rowsPerSecond?: number;
}

export interface PackSummary {
  fileName: string;
  manifest: Manifest;
  /** Rows written over all files. */
  rows: number;
  /** The ZIP's size and SHA-256, as written to the sink. */
  zipBytes: number;
  zipSha256: string;
}

/** `<study>_export-pack_<data-as-of date>.zip`. */
export const packFileName = (study: string, dataAsOf: number) => exportFileName(study, "export-pack", dataAsOf, "zip");

export async function writeStudyPack(
  input: StudyPackInput,
  sink: NodeJS.WritableStream,
  onProgress: (filesDone: number, rowsWritten: number) => void,
  signal: AbortSignal,
): Promise<PackSummary> {
  signal.throwIfAborted();
  const { data } = input;
  const createdAt = input.createdAt ?? new Date();
  const about = {
    createdAt: createdAt.toISOString(),
    dataAsOf: new Date(data.asOf).toISOString(),
    study: data.study,
    portalVersion: PORTAL_VERSION,
  };
  const files = packFiles(data, about);
  input.onPlan?.({ files: files.length + 1, rows: files.reduce((n, f) => n + f.rows, 0) });

  // The sink failing (a closed download) stops the writing too.
  const stop = new AbortController();
  const stopped = AbortSignal.any([signal, stop.signal]);
  const zip = new ZipFile();
  const zipHash = createHash("sha256");
  let zipBytes = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, next) {
      zipHash.update(chunk);
      zipBytes += chunk.length;
      next(null, chunk);
    },
  });
  const piped = pipeline(zip.outputStream, meter, sink, { signal: stopped });
  piped.catch((err) => stop.abort(err));

  let rows = 0;
  const written: WrittenFile[] = [];
  const pace = pacer(input.rowsPerSecond ?? 0, () => rows, stopped);
  try {
    for (const file of files) {
      const wrote = (n: number) => {
        rows += n;
        onProgress(written.length, rows);
      };
      const done = await writeEntry(zip, file, createdAt, stopped, wrote, pace);
      written.push(done);
      onProgress(written.length, rows);
    }
    const m = manifest({
      ...input,
      study: data.study,
      sponsorStudyNumbers: data.sponsorStudyNumbers,
      dataAsOf: about.dataAsOf,
      snapshot: data.snapshot,
      portalVersion: PORTAL_VERSION,
      createdAt: about.createdAt,
      responseOptions: data.responseOptions,
      recordsRefused: data.rejected,
      files: written,
    });
    zip.addBuffer(Buffer.from(`${JSON.stringify(m, null, 2)}\n`, "utf8"), MANIFEST_NAME, { mtime: createdAt });
    zip.end();
    await piped;
    onProgress(written.length + 1, rows);
    return {
      fileName: packFileName(data.study, data.asOf),
      manifest: m,
      rows,
      zipBytes,
      zipSha256: zipHash.digest("hex"),
    };
  } catch (err) {
    stop.abort(err);
    await piped.catch(() => {});
    throw stopped.reason ?? err;
  }
}

/**
 * The pause that keeps a pack to `rowsPerSecond` (the tables' writers keep it in write-batches.ts): after a piece,
 * as long as the rows written are ahead of the pace; undefined without a limit.
 */
function pacer(rowsPerSecond: number, rows: () => number, signal: AbortSignal) {
  if (rowsPerSecond <= 0) return undefined;
  const started = performance.now();
  return async () => {
    const ahead = started + (rows() / rowsPerSecond) * 1000 - performance.now();
    if (ahead > 0) await sleep(ahead, undefined, { signal });
  };
}
