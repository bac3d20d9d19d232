import { describe, expect, it } from "vitest";
import { writeBatches, YIELD_MS } from "./write-batches";

/** Busy for `ms` milliseconds: a page being rendered. */
function spin(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

/** `turns` callbacks one after another, each busy for `ms`, one per turn of the event loop; resolves after the last. */
function otherRequests(turns: number, ms: number): Promise<void> {
  return new Promise((done) => {
    const next = (left: number) => {
      if (left === 0) return done();
      spin(ms);
      setImmediate(() => next(left - 1));
    };
    setImmediate(() => next(turns));
  });
}

const rows = (n: number) => Array.from({ length: n }, (_, i) => i);
const options = (progress: (n: number) => void) => ({ signal: new AbortController().signal, progress });

describe("writeBatches", () => {
  it("gives way to other work: while the server is busy, a batch waits beyond its turn", async () => {
    let batches = 0;
    let busy = true;
    let whileBusy = 0;
    const others = otherRequests(50, 8).then(() => {
      busy = false;
    });
    const written = writeBatches(
      rows(100_000),
      () => undefined,
      async () => undefined,
      options(() => {
        batches++;
        if (busy) whileBusy++;
      }),
    );
    await Promise.all([others, written]);
    // Without giving way, one batch would run in each of the 50 busy turns. With a pause of YIELD_MS (20 ms) after
    // each, 50 turns of 8 ms (400 ms) leave room for about 15.
    expect(whileBusy).toBeLessThan(25);
    // And then the export goes on at full speed to its end: 100 batches and the final report.
    expect(batches).toBe(101);
  });

  it("on a quiet server, its own work does not make it give way", async () => {
    // 50 batches of 1,000 rows, each row 5 µs of work: 5 ms a batch, 250 ms in all; every gap between a batch's end
    // and the next one's start is timed.
    const gaps: number[] = [];
    let ended: number | undefined;
    await writeBatches(
      rows(50_000),
      () => {
        if (ended !== undefined) gaps.push(performance.now() - ended);
        ended = undefined;
        spin(0.005);
      },
      async () => undefined,
      options(() => {
        ended = performance.now();
      }),
    );
    // Had it taken its own work for other requests', it would have paused YIELD_MS (20 ms) after most batches.
    expect(gaps).toHaveLength(49);
    // (Counting its own work as others' gave 5 to 7 such pauses here; 0 without.)
    expect(gaps.filter((ms) => ms >= YIELD_MS).length).toBeLessThan(3);
  });

  it("stops at a cancel while it gives way", async () => {
    const controller = new AbortController();
    const others = otherRequests(20, 8);
    const written = writeBatches(
      rows(100_000),
      () => undefined,
      async () => undefined,
      {
        signal: controller.signal,
        progress: (n) => {
          if (n === 2000) controller.abort();
        },
      },
    );
    await expect(written).rejects.toThrow();
    await others;
  });
});
