/**
 * The export jobs' rows in the portal store (docs/exports.md, Jobs; docs/store.md): a job as every instance reads
 * it, the sweep of expired jobs and of jobs whose runner stopped, and the counts the limits are checked against.
 * The functions that take a `tx` run inside the caller's store.write; those that count hold the table first.
 */
import { type Insertable, type Selectable, sql } from "kysely";
import type { Store } from "@/lib/store/store";
import type { ExportJobsTable } from "@/lib/store/tables";
import { type ByteBounds, byteRoom } from "./byte-bounds";
import type { JobFileName } from "./export-dir";
import type { ExportJob, JobLimits, JobSpec, RunningJob } from "./job-types";

export type JobRow = Selectable<ExportJobsTable>;
export type NewJobRow = Insertable<ExportJobsTable>;

/**
 * A running job whose runner gave no sign of life for this long is taken as stopped: its server ended (or cannot
 * reach the store). The runner writes its heartbeat every few seconds (export-jobs.ts, HEARTBEAT_MS).
 */
export const STALE_MS = 30_000;

/** What a job whose runner stopped answers (the same words as a job abandoned by a stop, ./stop-exports.ts). */
export const RUNNER_STOPPED = "The server stopped while writing this export. Start the export again.";

/** Times are ISO 8601 UTC text in the store (docs/store.md): in this one form they also compare as text. */
export const iso = (ms: number) => new Date(ms).toISOString();

export function jobOf(row: JobRow): ExportJob {
  const { id, owner, state, total, reason, sha256 } = row;
  return {
    id,
    owner,
    spec: {
      connectionId: row.connection_id,
      study: row.study,
      view: row.view,
      table: row.table_id,
      format: row.format,
    },
    state,
    rowsWritten: row.rows_written,
    total,
    fileName: row.file_name,
    // While it is written, the file's size is the bounds' business, not the user's.
    bytes: state === "done" ? row.bytes : null,
    sha256,
    reason,
    finishedAt: row.finished_at === null ? null : Date.parse(row.finished_at),
  };
}

export const YOU_CANCELLED = "You cancelled this export. Start it again when you need the file.";

/** A new running job of `instance`, holding its running place from now. */
export async function insertJob(
  tx: Store,
  { id, owner, spec, now, instance }: { id: string; owner: number; spec: JobSpec; now: number; instance: string },
): Promise<void> {
  await tx.db
    .insertInto("export_jobs")
    .values({
      ...{ id, owner, connection_id: spec.connectionId, study: spec.study, view: spec.view, table_id: spec.table },
      ...{ format: spec.format, state: "running", created_at: iso(now), instance_id: instance, heartbeat_at: iso(now) },
    })
    .execute();
}

/**
 * The owner's running job cancelled: its runner stops at its next step. Its place is let go at once when `letGo`
 * (its runner is the caller's, and stops at once), else by the runner when it stops. The row as it is then.
 */
export async function cancelRow(
  tx: Store,
  { id, owner, now, letGo }: { id: string; owner: number; now: number; letGo: boolean },
): Promise<JobRow | undefined> {
  await tx.db
    .updateTable("export_jobs")
    .set({ state: "cancelled", reason: YOU_CANCELLED, finished_at: iso(now), cancel_requested: 1 })
    .set(letGo ? { heartbeat_at: null } : {})
    .where("id", "=", id)
    .where("owner", "=", owner)
    .where("state", "=", "running")
    .execute();
  return readRow(tx, id);
}

/** A running job's handle told its outcome as the store holds it. */
export function mirror(job: RunningJob, row: JobRow): void {
  const { state, reason, finishedAt, fileName, bytes, sha256 } = jobOf(row);
  Object.assign(job, { state, reason, finishedAt, fileName, bytes, sha256 });
}

export const readRow = (tx: Store, id: string) =>
  tx.db.selectFrom("export_jobs").selectAll().where("id", "=", id).executeTakeFirst();

/** A finished job past its time, no longer holding a running place. */
export const expired = (row: JobRow, now: number, ttlMs: number) =>
  row.finished_at !== null && row.heartbeat_at === null && row.finished_at <= iso(now - ttlMs);

/** A running job whose runner stopped. */
export const stale = (row: JobRow, now: number) =>
  row.state === "running" && row.heartbeat_at !== null && row.heartbeat_at < iso(now - STALE_MS);

/**
 * In PostgreSQL two instances counting at once would both count below a limit: the count and what follows from it
 * hold the table against other writers (readers go on). SQLite's write holds the file's lock from its start.
 */
export async function lockJobs(tx: Store): Promise<void> {
  if (tx.kind === "postgres") await sql`LOCK TABLE export_jobs IN SHARE ROW EXCLUSIVE MODE`.execute(tx.db);
}

/**
 * Jobs whose runner stopped answer failed, and let their running place go; finished jobs past their time are
 * deleted. The files of both are the caller's to delete, once the write is committed.
 */
export async function sweepRows(tx: Store, now: number, ttlMs: number): Promise<JobFileName[]> {
  const cutoff = iso(now - STALE_MS);
  const stopped = await tx.db
    .updateTable("export_jobs")
    .set({ state: "failed", reason: RUNNER_STOPPED, finished_at: iso(now), heartbeat_at: null })
    .where("state", "=", "running")
    .where("heartbeat_at", "<", cutoff)
    .returning(["id", "format"])
    .execute();
  // A job cancelled while its rows were prepared holds its place until the preparation ends, or its runner stops.
  await tx.db.updateTable("export_jobs").set({ heartbeat_at: null }).where("heartbeat_at", "<", cutoff).execute();
  const gone = await tx.db
    .deleteFrom("export_jobs")
    .where("finished_at", "<=", iso(now - ttlMs))
    .where("heartbeat_at", "is", null)
    .returning(["id", "format"])
    .execute();
  return [...stopped, ...gone];
}

/** Why `owner` may not start another job now; null when it may. Counts the jobs holding a running place. */
export async function runningRefusal(tx: Store, owner: number, limits: JobLimits): Promise<string | null> {
  const held = await tx.db.selectFrom("export_jobs").select("owner").where("heartbeat_at", "is not", null).execute();
  if (held.filter((j) => j.owner === owner).length >= limits.runningPerUser)
    return (
      `You have ${limits.runningPerUser} exports running already. ` +
      "Wait for one to finish, or cancel one, then start this one again."
    );
  if (held.length >= limits.running)
    return "The portal is writing as many exports as it can at once. Try again in a minute.";
  return null;
}

/** Deletes the oldest finished jobs while the owner, or everyone, holds as many as may be kept; returns them. */
export async function makeRoom(tx: Store, owner: number, limits: JobLimits): Promise<JobFileName[]> {
  const rows = await tx.db
    .selectFrom("export_jobs")
    .select(["id", "owner", "format", "finished_at", "heartbeat_at"])
    .execute();
  const finished = rows
    .filter((j) => j.finished_at !== null && j.heartbeat_at === null)
    .sort((a, b) => (a.finished_at ?? "").localeCompare(b.finished_at ?? "") || a.id.localeCompare(b.id));
  const own = finished.filter((j) => j.owner === owner);
  const out: typeof rows = [];
  while (own.length >= limits.keptPerUser) out.push(own.shift()!);
  const rest = finished.filter((j) => !out.includes(j));
  while (rows.length - out.length >= limits.kept && rest.length > 0) out.push(rest.shift()!);
  if (out.length > 0)
    await tx.db
      .deleteFrom("export_jobs")
      .where(
        "id",
        "in",
        out.map((j) => j.id),
      )
      .execute();
  return out;
}

/**
 * The byte bounds with job `id`'s file at its size as written: the oldest finished jobs deleted to make room (which
 * the caller's files follow), or why the job must stop. A job that no longer runs is left to its own outcome.
 */
export async function applyByteBounds(
  tx: Store,
  id: string,
  now: number,
  bounds: ByteBounds,
): Promise<{ evicted: JobFileName[] } | { refused: string }> {
  const rows = await tx.db
    .selectFrom("export_jobs")
    .select(["id", "owner", "state", "finished_at", "bytes", "format"])
    .where((eb) =>
      eb.or([
        eb("state", "=", "done"),
        eb.and([eb("state", "=", "running"), eb("heartbeat_at", ">=", iso(now - STALE_MS))]),
      ]),
    )
    .execute();
  const files = rows.map((r) => ({ ...r, finishedAt: r.finished_at === null ? null : Date.parse(r.finished_at) }));
  const growing = files.find((f) => f.id === id);
  if (!growing) return { evicted: [] };
  const room = byteRoom(growing, files, (f) => f.bytes, bounds);
  if ("refused" in room) return room;
  if (room.evict.length > 0)
    await tx.db
      .deleteFrom("export_jobs")
      .where(
        "id",
        "in",
        room.evict.map((j) => j.id),
      )
      .execute();
  return { evicted: room.evict };
}
