/**
 * When checkpoints are written (docs/audit.md, "Checkpoints"): after an append that committed, when this process
 * has written none yet, or CHECKPOINT_EVERY_ENTRIES entries have been added since its last one, or
 * CHECKPOINT_EVERY_MS has passed since it; an append not yet due leaves a timer that writes the last committed
 * entry's checkpoint when the time comes. So an entry is in a checkpoint at most CHECKPOINT_EVERY_MS after it was
 * written, while the process runs. Only committed entries are checkpointed: a checkpoint of an entry rolled back
 * would be a false alarm. An append inside a caller's write is checkpointed by `audited()` once that write commits
 * (lib/audit/record-audit.ts).
 */
import type { Store } from "@/lib/store/store";
import type { AuditKeys } from "./audit-key";
import { appendCheckpoint, checkpointFileOf, checkpointLine } from "./checkpoint-file";

export const CHECKPOINT_EVERY_ENTRIES = 1000;
export const CHECKPOINT_EVERY_MS = 5 * 60_000;

export interface CheckpointClock {
  now: () => number;
  /** Runs `fn` after `ms` without keeping the process alive for it. */
  later: (fn: () => Promise<void>, ms: number) => void;
}

const realClock: CheckpointClock = {
  now: Date.now,
  later: (fn, ms) => setTimeout(fn, ms).unref(),
};

type Entry = { id: number; hash: string };

export class Checkpointer {
  private lastId = 0;
  private lastAt: number | undefined;
  private timer = false;

  /** `store` is a store outside any write, so that what it reads is committed. */
  constructor(
    private readonly store: Store,
    private readonly file: string,
    private readonly keys: AuditKeys,
    private readonly clock: CheckpointClock,
  ) {}

  /** After `entry` was committed. */
  afterAppend(entry: Entry): void {
    if (this.due(entry)) this.write(entry);
    else this.wake();
  }

  private due(entry: Entry): boolean {
    if (this.lastAt === undefined) return true;
    return entry.id - this.lastId >= CHECKPOINT_EVERY_ENTRIES || this.elapsed() >= CHECKPOINT_EVERY_MS;
  }

  private elapsed = () => this.clock.now() - (this.lastAt ?? Number.NEGATIVE_INFINITY);

  private wake(): void {
    if (this.timer) return;
    this.timer = true;
    this.clock.later(() => this.onTimer(), Math.max(0, CHECKPOINT_EVERY_MS - this.elapsed()));
  }

  private async onTimer(): Promise<void> {
    this.timer = false;
    let last: Entry | undefined;
    try {
      last = await this.store.db
        .selectFrom("audit_log")
        .select(["id", "hash"])
        .orderBy("id", "desc")
        .limit(1)
        .executeTakeFirst();
    } catch {
      // The store was closed, or cannot be read just now: the next append wakes the timer again.
      return;
    }
    if (last && last.id > this.lastId) this.write(last);
  }

  private write(last: Entry): void {
    this.lastAt = this.clock.now();
    if (last.id <= this.lastId) return;
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

const checkpointers = new WeakMap<Store, Promise<Checkpointer | null>>();

/**
 * The checkpointer of a store (outside any write), made on first use with these keys and clock (a test gives its
 * own clock before the first append); null for a store without a checkpoint file (lib/audit/checkpoint-file.ts).
 */
export function checkpointerOf(
  store: Store,
  keys: AuditKeys,
  clock: CheckpointClock = realClock,
): Promise<Checkpointer | null> {
  let c = checkpointers.get(store);
  if (c === undefined) {
    c = checkpointFileOf(store).then((file) => (file ? new Checkpointer(store, file, keys, clock) : null));
    // A store that could not say where its file is is asked again at the next append.
    c.catch(() => checkpointers.delete(store));
    checkpointers.set(store, c);
  }
  return c;
}

/** After an append committed in `store` (outside any write): a checkpoint if one is due. Never throws. */
export async function checkpointAfterAppend(store: Store, keys: AuditKeys, entry: Entry): Promise<void> {
  try {
    (await checkpointerOf(store, keys))?.afterAppend(entry);
  } catch (err) {
    // The entry is committed; only where its checkpoint goes could not be read.
    console.error(`audit: no checkpoint after entry ${entry.id} (${err instanceof Error ? err.message : "unknown"}).`);
  }
}
