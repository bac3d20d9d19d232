/**
 * A memory-bounded cache of loaded values: one load per key at a time
 * (concurrent gets share it), entries expire after a time to live, and the
 * least recently used go first when the estimated bytes exceed the bound.
 * Failures are never stored: the next get tries again. A load that is
 * detached (its key invalidated while it runs) is aborted through its
 * AbortSignal, so that it stops working and cannot pile up outside the bound.
 * Entries may name their content (a fingerprint of the caller's): entries of the same content share one value's
 * bytes, counted once in the bound, as long as any of them is held.
 * It knows nothing of partners; keys are made by ./cache-keys.
 */
export interface LoadProgress {
  loaded: number;
  /** Null until the source has said how many there are. */
  total: number | null;
}

export interface Loaded<T> {
  value: T;
  /** Estimated bytes the value holds; what the bound is measured in. */
  bytes: number;
  /**
   * When the data were taken, where that is earlier than their load (a kept snapshot read again): the "data as of"
   * time. The time to live counts from the load all the same.
   */
  takenAt?: number;
  /** What the value holds, as a fingerprint: entries of the same content count their bytes once (share()). */
  content?: string;
}

export interface CacheHit<T> {
  value: T;
  /** When the value was loaded (epoch ms): the "data as of" time. */
  loadedAt: number;
}

/** Loads a value; `signal` aborts when the load is detached, and the loader should then stop and reject. */
export type Loader<T> = (progress: (p: LoadProgress) => void, signal: AbortSignal) => Promise<Loaded<T>>;

export interface CacheOptions<T> {
  ttlMs: number;
  maxBytes: number;
  /**
   * An entry's value made to share what `held`, an entry of the same content, holds (Loaded.content, share());
   * without it, content is not shared.
   */
  join?: (own: T, held: T) => T;
  now?: () => number;
}

export interface EntryInfo {
  key: string;
  bytes: number;
  loadedAt: number;
  lastUsedAt: number;
}

/** An entry as stats() lists it: whether its value is shared with other entries of the same content. */
export interface ListedEntry extends EntryInfo {
  shared: boolean;
}

export interface CacheStats {
  entries: number;
  bytes: number;
  maxBytes: number;
  hits: number;
  misses: number;
  /** Gets that joined a load already under way. */
  shared: number;
  evictions: number;
  /** Loads returned but not kept because each alone exceeded the bound. */
  tooLarge: number;
  loading: number;
  /** Entries whose value's bytes another entry of the same content counts (share()). */
  sharing: number;
  /** Least recently used first. */
  list: ListedEntry[];
}

interface Entry<T> extends EntryInfo {
  value: T;
  /** The "data as of" time: when they were taken (Loaded.takenAt), otherwise loadedAt. */
  dataAt: number;
  content?: string;
}

/** The entries holding one content; its bytes are counted once while any of them is held. */
interface Holders {
  bytes: number;
  keys: Set<string>;
}

interface Flight<T> {
  promise: Promise<CacheHit<T>>;
  progress: LoadProgress;
  controller: AbortController;
  /** Who started the load (an opaque label of the caller's). */
  startedBy?: string;
}

/** A load under way, as progress() reports it. */
export interface LoadUnderWay {
  key: string;
  startedBy?: string;
  progress: LoadProgress;
}

export class TtlLruCache<T> {
  // A Map iterates in insertion order; re-inserting on use keeps the least recently used first.
  private readonly entries = new Map<string, Entry<T>>();
  private readonly flights = new Map<string, Flight<T>>();
  private readonly contents = new Map<string, Holders>();
  private readonly now: () => number;
  private bytes = 0;
  private counts = { hits: 0, misses: 0, shared: 0, evictions: 0, tooLarge: 0 };

  constructor(private readonly opts: CacheOptions<T>) {
    this.now = opts.now ?? Date.now;
  }

  /** The value of `key`: kept and fresh, or joined to the load under way, or loaded now (labelled `startedBy`). */
  get(key: string, load: Loader<T>, startedBy?: string): Promise<CacheHit<T>> {
    const entry = this.fresh(key);
    if (entry) {
      this.counts.hits++;
      entry.lastUsedAt = this.now();
      this.entries.delete(key);
      this.entries.set(key, entry);
      return Promise.resolve({ value: entry.value, loadedAt: entry.dataAt });
    }
    const flight = this.flights.get(key);
    if (flight) {
      this.counts.shared++;
      return flight.promise;
    }
    this.counts.misses++;
    return this.start(key, load, startedBy);
  }

  /** Whether a get of `key` now would be answered without starting a load: a fresh entry, or a load under way. */
  holds(key: string): boolean {
    return this.fresh(key) !== undefined || this.flights.has(key);
  }

  /** How many fresh entries and loads under way match. */
  count(matches: (key: string) => boolean): number {
    const keys = new Set([...this.entries.keys(), ...this.flights.keys()].filter(matches));
    return [...keys].filter((key) => this.holds(key)).length;
  }

  /**
   * Drops the entries whose key matches, and detaches and aborts their loads under way (with `reason`, which
   * whoever awaits them receives), so that their results are not stored and they stop loading.
   */
  invalidate(matches: (key: string) => boolean, reason: unknown = new LoadDetachedError()): number {
    let dropped = 0;
    for (const key of [...this.entries.keys()]) {
      if (!matches(key)) continue;
      this.remove(key);
      dropped++;
    }
    for (const [key, flight] of [...this.flights]) {
      if (!matches(key)) continue;
      this.flights.delete(key);
      flight.controller.abort(reason);
    }
    return dropped;
  }

  /**
   * The fresh entries whose key matches, read without using them: no hit is counted and their place in the
   * least-recently-used order stays (a summary of what is held is not a use of it).
   */
  peek(matches: (key: string) => boolean): (CacheHit<T> & { key: string })[] {
    return [...this.entries.keys()].filter(matches).flatMap((key) => {
      const entry = this.fresh(key);
      return entry ? [{ key, value: entry.value, loadedAt: entry.dataAt }] : [];
    });
  }

  /** A held entry's value of this content, to be shared rather than read or loaded again. */
  withContent(content: string): { value: T; bytes: number } | undefined {
    const holders = this.contents.get(content);
    const key = holders && [...holders.keys].find((k) => this.fresh(k) !== undefined);
    const entry = key === undefined ? undefined : this.entries.get(key);
    return entry && { value: entry.value, bytes: entry.bytes };
  }

  /**
   * Names the content of `key`'s entry, if it still holds `value` (no refresh or reload since): where another entry
   * holds the same content, the entry's value is joined to it (CacheOptions.join) and its bytes counted once.
   */
  share(key: string, value: T, content: string): void {
    const entry = this.entries.get(key);
    if (entry?.value === value && entry.content === undefined) this.hold(entry, content);
  }

  /**
   * The bytes of `key`'s entry counted anew, if it still holds `value` and shares it with none (a value that grows
   * or shrinks in place): the least recently used others go first where the bound is passed, and the entry itself
   * where it alone passes it. Not a use of the entry.
   */
  resize(key: string, value: T, bytes: number): void {
    const entry = this.entries.get(key);
    if (entry?.value !== value || entry.content !== undefined) return;
    this.bytes += bytes - entry.bytes;
    entry.bytes = bytes;
    if (bytes > this.opts.maxBytes) {
      this.remove(key);
      this.counts.tooLarge++;
      return;
    }
    for (const [other] of this.entries) {
      if (this.bytes <= this.opts.maxBytes) break;
      if (other === key) continue;
      this.remove(other);
      this.counts.evictions++;
    }
  }

  /** Loads under way whose key matches, with who started each and how far it has got. */
  progress(matches: (key: string) => boolean): LoadUnderWay[] {
    return [...this.flights]
      .filter(([key]) => matches(key))
      .map(([key, f]) => ({ key, startedBy: f.startedBy, progress: { ...f.progress } }));
  }

  stats(): CacheStats {
    const list = [...this.entries.values()].map(({ key, bytes, loadedAt, lastUsedAt, content }) => ({
      key,
      bytes,
      loadedAt,
      lastUsedAt,
      shared: content !== undefined && (this.contents.get(content)?.keys.size ?? 0) > 1,
    }));
    return {
      entries: this.entries.size,
      bytes: this.bytes,
      maxBytes: this.opts.maxBytes,
      ...this.counts,
      loading: this.flights.size,
      sharing: [...this.contents.values()].reduce((n, h) => n + h.keys.size - 1, 0),
      list,
    };
  }

  private fresh(key: string): Entry<T> | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.now() - entry.loadedAt < this.opts.ttlMs) return entry;
    this.remove(key);
    return undefined;
  }

  private start(key: string, load: Loader<T>, startedBy?: string): Promise<CacheHit<T>> {
    const flight = { progress: { loaded: 0, total: null }, controller: new AbortController(), startedBy } as Flight<T>;
    // Registered before the load starts, so that even a loader failing at once is cleaned up by run().
    this.flights.set(key, flight);
    flight.promise = this.run(key, flight, load);
    return flight.promise;
  }

  private async run(key: string, flight: Flight<T>, load: Loader<T>): Promise<CacheHit<T>> {
    const onProgress = (p: LoadProgress) => {
      // Pages arrive out of order; never let the count run backwards.
      flight.progress.loaded = Math.max(flight.progress.loaded, p.loaded);
      flight.progress.total = p.total;
    };
    try {
      const { value, bytes, takenAt, content } = await load(onProgress, flight.controller.signal);
      const loadedAt = this.now();
      const dataAt = takenAt ?? loadedAt;
      // A refresh while this load ran detached it: its result may predate the refresh, so it is not kept.
      const entry = { key, value, bytes, loadedAt, dataAt, lastUsedAt: loadedAt };
      if (this.flights.get(key) === flight) this.store(entry, content);
      // Joined to a held entry of the same content (hold()), the value served is the shared one.
      return { value: entry.value, loadedAt: dataAt };
    } finally {
      if (this.flights.get(key) === flight) this.flights.delete(key);
    }
  }

  private store(entry: Entry<T>, content?: string): void {
    this.remove(entry.key);
    // Keeping it would push out everything else and still break the bound.
    if (entry.bytes > this.opts.maxBytes) {
      this.counts.tooLarge++;
      return;
    }
    this.entries.set(entry.key, entry);
    this.bytes += entry.bytes;
    if (content !== undefined) this.hold(entry, content);
    // The new entry is the most recent, so the oldest go first and it stays.
    for (const [key] of this.entries) {
      if (this.bytes <= this.opts.maxBytes) break;
      this.remove(key);
      this.counts.evictions++;
    }
  }

  /** The entry (counted alone until now) joins its content's holders: counted once with them. */
  private hold(entry: Entry<T>, content: string): void {
    const join = this.opts.join;
    if (!join) return;
    entry.content = content;
    const holders = this.contents.get(content);
    if (!holders) {
      this.contents.set(content, { bytes: entry.bytes, keys: new Set([entry.key]) });
      return;
    }
    // Holders are held entries (remove() takes them out), so the first is there.
    const [first] = holders.keys;
    const held = this.entries.get(first as string);
    if (held) entry.value = join(entry.value, held.value);
    holders.keys.add(entry.key);
    this.bytes -= entry.bytes;
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    if (entry.content === undefined) {
      this.bytes -= entry.bytes;
      return;
    }
    const holders = this.contents.get(entry.content);
    holders?.keys.delete(key);
    if (holders?.keys.size) return;
    this.contents.delete(entry.content);
    this.bytes -= holders?.bytes ?? entry.bytes;
  }
}

/** What a detached load's waiters receive when invalidate() is given no reason of its own. */
export class LoadDetachedError extends Error {
  constructor() {
    super("The load was stopped because the cached data it was loading was dropped. Load it again.");
    this.name = "LoadDetachedError";
  }
}
