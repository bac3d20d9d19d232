/**
 * When checkpoints are written (docs/audit.md, "Checkpoints"): after an append that committed, when this process
 * has written none yet, or CHECKPOINT_EVERY_ENTRIES entries have been added since its last one, or
 * CHECKPOINT_EVERY_MS has passed since it; an append inside a caller's transaction, or one not yet due, leaves a
 * timer that writes the last committed entry's checkpoint when the time comes. So an entry is in a checkpoint at
 * most CHECKPOINT_EVERY_MS after it was written, while the process runs. Only committed entries are checkpointed:
 * a checkpoint of an entry rolled back would be a false alarm.
 */
import type { Database } from "better-sqlite3";
import type { AuditKeys } from "./audit-key";
import { appendCheckpoint, checkpointFileOf, checkpointLine } from "./checkpoint-file";

export const CHECKPOINT_EVERY_ENTRIES = 1000;
export const CHECKPOINT_EVERY_MS = 5 * 60_000;

export interface CheckpointClock {
  now: () => number;
  /** Runs `fn` after `ms` without keeping the process alive for it. */
  later: (fn: () => void, ms: number) => void;
}

const realClock: CheckpointClock = {
  now: Date.now,
  later: (fn, ms) => setTimeout(fn, ms).unref(),
};

export class Checkpointer {
  private lastId = 0;
  private lastAt: number | undefined;
  private timer = false;

  constructor(
    private readonly db: Database,
    private readonly file: string,
    private readonly keys: AuditKeys,
    private readonly clock: CheckpointClock,
  ) {}

  afterAppend(): void {
    if (!this.db.inTransaction && this.due()) this.write();
    else this.wake();
  }

  private due(): boolean {
    if (this.lastAt === undefined) return true;
    const last = this.lastEntry();
    return !!last && (last.id - this.lastId >= CHECKPOINT_EVERY_ENTRIES || this.elapsed() >= CHECKPOINT_EVERY_MS);
  }

  private elapsed = () => this.clock.now() - (this.lastAt ?? Number.NEGATIVE_INFINITY);

  private lastEntry() {
    return this.db.prepare("SELECT id, hash FROM audit_log ORDER BY id DESC LIMIT 1").get() as
      | { id: number; hash: string }
      | undefined;
  }

  private wake(): void {
    if (this.timer) return;
    this.timer = true;
    this.clock.later(() => this.onTimer(), Math.max(0, CHECKPOINT_EVERY_MS - this.elapsed()));
  }

  private onTimer(): void {
    this.timer = false;
    if (!this.db.open) return;
    if (this.db.inTransaction) this.wake();
    else if ((this.lastEntry()?.id ?? 0) > this.lastId) this.write();
  }

  private write(): void {
    const last = this.lastEntry();
    this.lastAt = this.clock.now();
    if (!last || last.id === this.lastId) return;
    const line = checkpointLine(last, this.keys, new Date(this.lastAt));
    try {
      appendCheckpoint(this.file, line);
      this.lastId = last.id;
    } catch (err) {
      // The entry is written; only its copy outside is missing. The line goes to the log instead, to be kept there.
      const reason = (err as NodeJS.ErrnoException).code ?? "unknown error";
      console.error(`audit: the checkpoint could not be appended to ${this.file} (${reason}): ${line.trimEnd()}`);
    }
  }
}

const checkpointers = new WeakMap<Database, Checkpointer | null>();

/**
 * The checkpointer of a database handle, made on first use with these keys and clock (a test gives its own clock
 * before the first append); null for a database in memory, which has no checkpoint file.
 */
export function checkpointerOf(db: Database, keys: AuditKeys, clock: CheckpointClock = realClock): Checkpointer | null {
  let c = checkpointers.get(db);
  if (c === undefined) {
    const file = checkpointFileOf(db);
    c = file ? new Checkpointer(db, file, keys, clock) : null;
    checkpointers.set(db, c);
  }
  return c;
}

/** After recordAudit's append: a checkpoint if one is due. */
export function checkpointAfterAppend(db: Database, keys: AuditKeys): void {
  checkpointerOf(db, keys)?.afterAppend();
}
