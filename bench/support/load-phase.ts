/**
 * One phase of `npm run bench:load`: the virtual users for the phase's time, with, in phase 2, a cold load of the
 * study and an export running beside them (both started with the users; the phase waits for them to end), then
 * the portal's RSS once the server has been idle for `settle` seconds (a cluster's: its instances' together).
 */
import { type ExportRequest, runExport } from "./export-run";
import { type DriveOptions, drive } from "./load-driver";
import type { PhaseResult } from "./load-report";
import { PhaseSamples } from "./load-samples";
import type { PortalSession } from "./portal-session";
import { rssMiB, settleRss, watchRss } from "./rss-watch";
import { fmt } from "./stats";
import { warmStudy } from "./study-visit";

/** What runs beside the users in phase 2: who loads the study cold (on its own connection) and who exports. */
export interface Background {
  cold: PortalSession;
  coldHref: string;
  exporter: PortalSession;
  /** The exporter's connection, whose copy of the study is cached. */
  connectionId: string;
  study: string;
}

type Measured = Omit<PhaseResult, "rssLimit" | "rssLimitReason">;

/** How often the exporter asks for its job: as the export control does (components/export/use-export-job.ts). */
const EXPORT_POLL_MS = 500;

export async function runPhase(
  name: string,
  options: DriveOptions,
  pids: readonly number[],
  settle: number,
  background?: Background,
): Promise<Measured> {
  console.log(`Phase "${name}": ${options.users.length} users for ${options.durationMs / 1000} s…`);
  const names = options.mix.map((v) => v.name);
  const samples = new PhaseSamples(names);
  // The requests that start while the cold load or the export is still running, apart: on a quiet machine both
  // end well within the phase, and the phase's figures alone would dilute their effect.
  const during = background ? new PhaseSamples(names) : undefined;
  const before = rssMiB(pids);
  const watch = watchRss(pids);
  const started = performance.now();
  let besideSeconds: number | undefined;
  const beside = background
    ? runBeside(background, pids[0]).finally(() => {
        besideSeconds = (performance.now() - started) / 1000;
      })
    : undefined;
  const sinks = () => (during && besideSeconds === undefined ? [samples, during] : [samples]);
  const { seconds } = await drive(options, sinks);
  const { lines, errors } = (await beside) ?? { lines: [], errors: [] };
  const peak = watch.stop();
  const steps = await settleRss(pids, settle);
  const rss = { before, peak, after: steps.at(-1)!, steps };
  const overlap = during && { samples: during, seconds: Math.min(besideSeconds ?? seconds, seconds) };
  return { name, users: options.users.length, seconds, samples, rss, beside: lines, besideErrors: errors, overlap };
}

/**
 * The cold load and the export, at once; what they took, or why they failed (each failure counts as an error).
 * `pid`: a portal process, for the export's own RSS figure, which this report does not use.
 */
async function runBeside(b: Background, pid: number): Promise<{ lines: string[]; errors: string[] }> {
  const csv: ExportRequest = {
    ...{ connectionId: b.connectionId, study: b.study, view: "laboratory", table: "all-results" },
    ...{ format: "csv", query: "" },
  };
  const exporting = runExport(b.exporter, pid, csv, EXPORT_POLL_MS);
  const [load, exported] = await Promise.allSettled([warmStudy(b.cold, b.coldHref), exporting]);
  const lines: string[] = [];
  const errors: string[] = [];
  if (load.status === "fulfilled")
    lines.push(`Beside them, the study loaded cold for another partner identity in ${fmt(load.value.seconds, 1)} s.`);
  else errors.push(`the cold load failed: ${load.reason}`);
  if (exported.status === "fulfilled") {
    const e = exported.value;
    const rate = fmt(e.rows / e.seconds, 0);
    lines.push(`The CSV of every laboratory result: ${e.rows} rows in ${fmt(e.seconds, 1)} s (${rate} rows/s).`);
  } else errors.push(`the export failed: ${exported.reason}`);
  return { lines, errors };
}
