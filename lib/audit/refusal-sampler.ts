/**
 * Refusals that cost the server nothing (a sign-in held off by the throttle, the password checks busy, a form
 * without its fields, a signed-in user's refused access) can come as fast as a client sends them, and one entry each
 * would let anyone fill the disk through the trail. Each key (a source or a user, and the kind of refusal) gets at
 * most one entry a minute; the entry counts the refusals since the last one that had no entry of their own
 * (`unrecorded`). Refusals still counted when their minute has passed with no other refusal of the key are written
 * by `due()` as one entry, which stands for the latest of them, so no count is lost to a client that stops. Bounded
 * in keys: the least recently refused keys go first, their counts with them (docs/audit.md).
 */
export const SAMPLE_INTERVAL_MS = 60_000;
export const MAX_SAMPLED_KEYS = 10_000;

interface Slot<P> {
  lastRecordedAt: number;
  unrecorded: number;
  /** What the latest refusal without an entry was about, for the entry due() writes. */
  latest?: P;
}

export interface DueRefusal<P> {
  /** The latest refusal of the key, which the entry stands for. */
  latest: P;
  /** The key's refusals before it that have no entry of their own. */
  unrecorded: number;
}

export class RefusalSampler<P = undefined> {
  private readonly slots = new Map<string, Slot<P>>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly maxKeys = MAX_SAMPLED_KEYS,
  ) {}

  /** Whether this refusal gets an entry and, if so, how many before it had none; counts it otherwise. */
  take(key: string, about?: P): { record: false } | { record: true; unrecorded: number } {
    const now = this.now();
    const slot = this.slots.get(key);
    this.slots.delete(key);
    if (slot && now - slot.lastRecordedAt < SAMPLE_INTERVAL_MS) {
      slot.unrecorded++;
      slot.latest = about;
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

  /**
   * The keys whose minute has passed with refusals still counted: each is taken as recorded now (its next minute
   * starts), and given back as one refusal, its latest, with the others before it.
   */
  due(): DueRefusal<P>[] {
    const now = this.now();
    const out: DueRefusal<P>[] = [];
    for (const slot of this.slots.values()) {
      if (slot.unrecorded === 0 || now - slot.lastRecordedAt < SAMPLE_INTERVAL_MS) continue;
      out.push({ latest: slot.latest as P, unrecorded: slot.unrecorded - 1 });
      Object.assign(slot, { lastRecordedAt: now, unrecorded: 0, latest: undefined });
    }
    return out;
  }

  get size(): number {
    return this.slots.size;
  }
}
