/**
 * What the study cache and a coordination of loads across instances (./shared-loads.ts) say to each other: a load
 * to run once, its progress, and how its value crosses Redis.
 */
/** How a value crosses Redis: cut into chunks (each under Redis's 512 MB string limit) and put back together. */
export interface HandoffCodec<T> {
  /** Handed on whether or not an instance waits for it; otherwise only to instances that wait. */
  handOnAlways(value: T): boolean;
  /** Both give way to other requests between chunks: a large load's chunks take a second or more in all. */
  toChunks(value: T): Promise<Buffer[]>;
  fromChunks(chunks: Buffer[]): Promise<T>;
}

export interface SharedProgress {
  loaded: number;
  total: number | null;
}

export interface SharedLoadRun<T> {
  /** Runs the load in this instance; its progress is published for the instances that wait. */
  load: (progress: (p: SharedProgress) => void) => Promise<T>;
  /** Told the progress of a load another instance runs. */
  onProgress: (p: SharedProgress) => void;
  codec: HandoffCodec<T>;
  signal: AbortSignal;
}

export interface SharedLoads {
  /** The value of `key`'s load: run here if no instance runs it, else read from the instance that does. */
  once<T>(key: string, run: SharedLoadRun<T>): Promise<{ value: T; ranHere: boolean }>;
  /** Forgets what loads of these keys handed on, so that the next load asks the partner service again. */
  forget(keys: string[]): Promise<void>;
  /** Tells every instance that `study` (a key of its own) was refreshed now: copies loaded before are dropped. */
  markRefreshed(study: string): Promise<void>;
  /** When `study` was last refreshed on any instance (epoch ms), if within REFRESH_KEPT_MS (./shared-loads.ts). */
  refreshedAt(study: string): Promise<number | undefined>;
}
