import { describe, expect, it } from "vitest";
import { type RetryPolicy, withRetries } from "./retry";

const policy: RetryPolicy = { attempts: 5, baseDelayMs: 1, maxDelayMs: 1, timeoutMs: 40, maxRetryAfterMs: 0 };

/** A request that never answers: it ends only when its signal aborts (the attempt's time-out). */
const silent = (tries: { n: number }) => (signal: AbortSignal) =>
  new Promise<Response>((_, reject) => {
    tries.n++;
    signal.addEventListener("abort", () => reject(signal.reason), { once: true });
  });

describe("withRetries and time-outs", () => {
  it("gives up a silent request after maxTimeouts attempts, not after every attempt", async () => {
    const tries = { n: 0 };
    const last = await withRetries(silent(tries), { ...policy, maxTimeouts: 2 });
    expect(tries.n).toBe(2);
    expect(last).toMatchObject({ final: false, attempts: 2 });
    expect((last as { error: Error }).error.name).toBe("TimeoutError");
  });

  it("without maxTimeouts, tries a silent request as often as attempts allow", async () => {
    const tries = { n: 0 };
    await withRetries(silent(tries), policy);
    expect(tries.n).toBe(5);
  });

  it("counts only time-outs: refused connections and 503s use the remaining attempts", async () => {
    let n = 0;
    const answers = [() => Promise.reject(new TypeError("fetch failed")), () => new Response("", { status: 503 })];
    const last = await withRetries(
      async (signal) => {
        const i = n++;
        return i < 2 ? answers[i]() : silent({ n: 0 })(signal);
      },
      { ...policy, maxTimeouts: 2 },
    );
    // Two failures that are not time-outs, then two time-outs: four attempts in all.
    expect(n).toBe(4);
    expect(last.attempts).toBe(4);
  });
});
