/**
 * Refusals that cost the server nothing (a sign-in held off by the throttle, the password checks busy, a form
 * without its fields) can come as fast as a client sends them, and one entry each would let anyone fill the disk
 * through the trail. Each source gets at most one such entry a minute per kind of refusal; the entry counts the
 * refusals since the last one that had no entry of their own (`unrecorded`). Bounded in keys: the least recently
 * refused sources go first, their counts with them (docs/audit.md).
 */
export const SAMPLE_INTERVAL_MS = 60_000;
export const MAX_SAMPLED_KEYS = 10_000;

interface Slot {
  lastRecordedAt: number;
  unrecorded: number;
}

export class RefusalSampler {
  private readonly slots = new Map<string, Slot>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly maxKeys = MAX_SAMPLED_KEYS,
  ) {}

  /** Whether this refusal gets an entry and, if so, how many before it had none; counts it otherwise. */
  take(key: string): { record: false } | { record: true; unrecorded: number } {
    const now = this.now();
    const slot = this.slots.get(key);
    this.slots.delete(key);
    if (slot && now - slot.lastRecordedAt < SAMPLE_INTERVAL_MS) {
      slot.unrecorded++;
      this.slots.set(key, slot);
      return { record: false };
    }
    this.slots.set(key, { lastRecordedAt: now, unrecorded: 0 });
    for (const [oldest] of this.slots) {
      if (this.slots.size <= this.maxKeys) break;
      this.slots.delete(oldest);
    }
    return { record: true, unrecorded: slot?.unrecorded ?? 0 };
  }

  get size(): number {
    return this.slots.size;
  }
}
