/**
 * One export as `npm run bench:exports` measures it: started over HTTP like the export control, followed until its
 * file is written, the portal's RSS sampled all the while; then the file downloaded (its size checked).
 */
import type { PortalSession } from "./portal-session";
import { treeRssMiB } from "./start-server";

/** A table's export, or the study export pack (format "zip", no view or table). */
export type ExportRequest =
  | { connectionId: string; study: string; view: string; table: string; format: "csv" | "xlsx"; query: string }
  | { connectionId: string; study: string; format: "zip" };

export interface ExportRun {
  rows: number;
  bytes: number;
  seconds: number;
  /** The portal's largest RSS while the export ran, less its RSS at the start (MiB). */
  rssGrowth: number;
}

interface JobState {
  id: string;
  state: string;
  rowsWritten: number;
  bytes: number | null;
  reason: string | null;
}

const SAMPLE_MS = 100;

/**
 * `pollMs`: how often the job's state is asked for; by default at every RSS sample, for the export's time to within a
 * tenth of a second. `bench:load` asks as often as the export control does (every 500 ms), as a user's page would.
 */
export async function runExport(
  session: PortalSession,
  pid: number,
  request: ExportRequest,
  pollMs = SAMPLE_MS,
): Promise<ExportRun> {
  const before = treeRssMiB(pid);
  let peak = before;
  const started = performance.now();
  const start = await session.json("/exports", { method: "POST", body: request });
  if (start.status !== 202) throw new Error(`export refused: HTTP ${start.status} ${JSON.stringify(start.body)}`);
  let job = start.body as JobState;
  let asked = performance.now();
  while (job.state === "running") {
    await new Promise((r) => setTimeout(r, SAMPLE_MS));
    peak = Math.max(peak, treeRssMiB(pid));
    if (performance.now() - asked < pollMs) continue;
    asked = performance.now();
    job = (await session.json(`/exports/${job.id}`)).body as JobState;
  }
  const seconds = (performance.now() - started) / 1000;
  if (job.state !== "done") throw new Error(`export ${job.state}: ${job.reason}`);
  const bytes = await session.drain(`/exports/${job.id}/file`);
  if (bytes !== job.bytes) throw new Error(`downloaded ${bytes} bytes of ${job.bytes}`);
  return { rows: job.rowsWritten, bytes, seconds, rssGrowth: peak - before };
}
