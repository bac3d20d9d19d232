import { describe, expect, it } from "vitest";
import { ServiceError } from "./http";
import { createSecretCheckGate } from "./secret-checks";

/** A check that runs until released. */
function pendingCheck() {
  let release!: () => void;
  const done = new Promise<void>((r) => {
    release = r;
  });
  let started = false;
  return {
    run: async () => {
      started = true;
      await done;
      return true;
    },
    release: () => release(),
    get started() {
      return started;
    },
  };
}

const statusOf = (p: Promise<unknown>) =>
  p.then(
    () => 200,
    (err) => (err instanceof ServiceError ? err.status : -1),
  );

describe("secret check gate", () => {
  it("runs `running` checks at once, queues up to `queued`, and refuses more with 503", async () => {
    const gate = createSecretCheckGate({ running: 2, queued: 1, perSource: 10 });
    const checks = [pendingCheck(), pendingCheck(), pendingCheck()];
    const runs = checks.map((c, i) => gate.run(`s${i}`, c.run));
    await Promise.resolve();
    expect(checks.map((c) => c.started)).toEqual([true, true, false]);
    expect(await statusOf(gate.run("s9", async () => true))).toBe(503);
    checks[0].release();
    await runs[0];
    await new Promise((r) => setImmediate(r));
    expect(checks[2].started).toBe(true);
    checks[1].release();
    checks[2].release();
    await Promise.all(runs);
    expect(gate.pending).toBe(0);
  });

  it("refuses a source's checks beyond perSource with 429, leaving other sources alone", async () => {
    const gate = createSecretCheckGate({ running: 1, queued: 10, perSource: 2 });
    const checks = [pendingCheck(), pendingCheck()];
    const runs = checks.map((c) => gate.run("A", c.run));
    const refused = await statusOf(gate.run("A", async () => true));
    expect(refused).toBe(429);
    const other = gate.run("B", async () => true);
    for (const c of checks) c.release();
    await Promise.all([...runs, other]);
    expect(gate.pending).toBe(0);
    // Once A's checks are done, A may check again.
    expect(await statusOf(gate.run("A", async () => true))).toBe(200);
  });

  it("frees the turn and the source's count when a check fails", async () => {
    const gate = createSecretCheckGate({ running: 1, queued: 0, perSource: 1 });
    await expect(gate.run("A", async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(gate.pending).toBe(0);
    expect(await statusOf(gate.run("A", async () => true))).toBe(200);
  });
});
