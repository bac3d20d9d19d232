/**
 * A long derivation written so that it can pause: a generator that yields at points where stopping costs nothing
 * (between tests, every some thousand rows) and returns its value at the end. The server runs it in slices of a few
 * milliseconds (lib/runtime/in-slices.ts), so that a derivation over a million rows never holds up the pages of
 * other users for a second (docs/performance.md, Derived values); a test or a small input runs it at once.
 */
export type Sliced<T> = Generator<undefined, T, undefined>;

/** Rows a loop goes through between two pause points: about a millisecond of simple work. */
export const ROWS_PER_PAUSE = 8192;

/** Runs `work` to its end at once, and gives its value. */
export function complete<T>(work: Sliced<T>): T {
  for (;;) {
    const step = work.next();
    if (step.done) return step.value;
  }
}
