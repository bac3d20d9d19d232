/**
 * The process's stop (docs/health.md, Stopping): a flag that readiness reads, and the parts that take part in a
 * stop, each registered once per process with onStop: work the stop waits for (running exports), and connections it
 * closes last (the store, Redis). server/serve.mjs runs the stop (server/stop-sequence.mjs) on the same record:
 * processSingleton keeps it on globalThis under the slot that module names, which a test checks.
 */
import { processSingleton } from "./process-singleton";

export interface StopParticipant {
  /**
   * Resolves once the work under way has ended: the stop waits for it up to its grace. `signal` aborts when the stop
   * waits no longer (the work ended elsewhere, or the grace ran out), so that a wait that polls can end.
   */
  settled?(signal: AbortSignal): Promise<void>;
  /**
   * The grace ran out before `settled` resolved: end the work and say why to whom it was for (an export is marked
   * failed with its reason). Runs while the store and Redis are still open, for about 2 s at most.
   */
  abandon?(): Promise<void> | void;
  /** Last, once every part's work has ended or been abandoned: close a connection, for about 2 s at most. */
  close?(): Promise<void> | void;
}

export interface ProcessStop {
  /** Set when a stop has begun: readiness answers 503 "stopping" from then on. */
  stopping: boolean;
  /** Registered once per process each (start-up, or a registry's first use), so the set stays small. */
  participants: Set<StopParticipant>;
}

/** The name processSingleton keeps the record under; server/stop-sequence.mjs reads the same slot. */
export const PROCESS_STOP = "processStop";

export const processStop = (): ProcessStop =>
  processSingleton<ProcessStop>(PROCESS_STOP, () => ({ stopping: false, participants: new Set() }));

/** Whether this process has begun to stop. */
export const isStopping = (): boolean => processStop().stopping;

/** Takes `participant` into every stop of this process; the function returned takes it out again. */
export function onStop(participant: StopParticipant): () => void {
  const { participants } = processStop();
  participants.add(participant);
  return () => {
    participants.delete(participant);
  };
}
