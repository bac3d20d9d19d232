import { describe, expect, it } from "vitest";
import { AccessProofs } from "./access-proofs";

const clock = () => {
  const c = { now: 1_000_000, tick: (ms: number) => (c.now += ms) };
  return c;
};

describe("AccessProofs", () => {
  it("asks again once the interval has passed, and not before", async () => {
    const c = clock();
    const proofs = new AccessProofs({ intervalMs: 60_000, now: () => c.now });
    let asked = 0;
    const prove = async () => {
      asked++;
    };
    await proofs.ensure("k", prove);
    c.tick(59_999);
    await proofs.ensure("k", prove);
    expect(asked).toBe(1);
    c.tick(1);
    await proofs.ensure("k", prove);
    expect(asked).toBe(2);
  });

  it("remembers that a key was proven past the interval, until it is forgotten", async () => {
    const c = clock();
    const proofs = new AccessProofs({ intervalMs: 60_000, now: () => c.now });
    expect(proofs.wasProven("k")).toBe(false);
    await proofs.ensure("k", async () => undefined);
    c.tick(10 * 60_000);
    expect(proofs.isFresh("k")).toBe(false);
    expect(proofs.wasProven("k")).toBe(true);
    await expect(proofs.ensure("x", () => Promise.reject(new Error("refused")))).rejects.toThrow();
    expect(proofs.wasProven("x")).toBe(false);
    proofs.forget((key) => key === "k");
    expect(proofs.wasProven("k")).toBe(false);
  });

  it("shares one proof among concurrent callers, and never records a failure", async () => {
    const proofs = new AccessProofs({ intervalMs: 60_000 });
    let asked = 0;
    const refused = async () => {
      asked++;
      throw new Error("refused");
    };
    const all = Array.from({ length: 5 }, () => proofs.ensure("k", refused));
    for (const p of all) await expect(p).rejects.toThrow("refused");
    expect(asked).toBe(1);
    expect(proofs.isFresh("k")).toBe(false);
    await expect(proofs.ensure("k", refused)).rejects.toThrow("refused");
    expect(asked).toBe(2);
  });

  it("keeps at most `max` proofs, the oldest going first, and drops expired ones as new ones come", () => {
    const c = clock();
    const proofs = new AccessProofs({ intervalMs: 60_000, max: 3, now: () => c.now });
    for (const k of ["a", "b", "c", "d"]) {
      proofs.record(k, c.now);
      c.tick(1_000);
    }
    expect(proofs.size).toBe(3);
    expect(["a", "b", "c", "d"].map((k) => proofs.isFresh(k))).toEqual([false, true, true, true]);
    c.tick(60_000);
    proofs.record("e", c.now);
    expect(proofs.size).toBe(1);
  });

  it("forgets the proofs it is told to", () => {
    const proofs = new AccessProofs({ intervalMs: 60_000 });
    proofs.record("s1/x", Date.now());
    proofs.record("s2/x", Date.now());
    proofs.forget((k) => k.startsWith("s1/"));
    expect([proofs.isFresh("s1/x"), proofs.isFresh("s2/x")]).toEqual([false, true]);
  });
});
