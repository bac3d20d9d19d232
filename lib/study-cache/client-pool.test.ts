import { describe, expect, it } from "vitest";
import { ClientPool, MAX_PROVEN_CLIENTS, MAX_UNPROVEN_CLIENTS } from "./client-pool";

const creds = { baseUrl: "http://p.test", partnerId: "P", clientId: "a", clientSecret: "s1" };

describe("ClientPool", () => {
  it("reuses one client (and so its token) per identity and secret", () => {
    const pool = new ClientPool();
    const a = pool.get(creds);
    expect(pool.get({ ...creds })).toBe(a);
    // Another spelling of the address is another client: the pool uses the base URL its clients request.
    expect(pool.get({ ...creds, baseUrl: "http://p.test/" })).not.toBe(a);
    expect(pool.get({ ...creds, clientSecret: "s2" })).not.toBe(a);
    expect(pool.get({ ...creds, partnerId: "Q" })).not.toBe(a);
    expect(pool.size).toBe(4);
  });

  it("keeps at most `max` clients of each kind, dropping the least recently used", () => {
    const pool = new ClientPool({}, 2, 2);
    const a = pool.get(creds);
    const b = pool.get({ ...creds, clientId: "b" });
    pool.get(creds);
    pool.get({ ...creds, clientId: "c" });
    expect(pool.size).toBe(2);
    expect(pool.get(creds)).toBe(a);
    expect(pool.get({ ...creds, clientId: "b" })).not.toBe(b);
  });

  it("never lets clients of unproven credentials push out a proven one", () => {
    expect([MAX_PROVEN_CLIENTS, MAX_UNPROVEN_CLIENTS]).toEqual([64, 16]);
    const pool = new ClientPool({}, 2, 2);
    const proven = pool.get(creds);
    pool.prove(creds, proven);
    // Any number of made-up client IDs, each asked for again and again.
    for (let round = 0; round < 3; round++)
      for (let i = 0; i < 100; i++) pool.get({ ...creds, clientId: `made-up-${i}` });
    expect(pool.get(creds)).toBe(proven);
    expect(pool.isProven(creds)).toBe(true);
    expect(pool.size).toBe(3);
  });

  it("moves a client that proves itself to the proven pool, even one the unproven pool had dropped", () => {
    const pool = new ClientPool({}, 2, 1);
    const b = { ...creds, clientId: "b" };
    const client = pool.get(b);
    // Pushed out of the unproven pool while its token request was under way.
    pool.get({ ...creds, clientId: "c" });
    pool.prove(b, client);
    for (let i = 0; i < 10; i++) pool.get({ ...creds, clientId: `made-up-${i}` });
    expect(pool.get(b)).toBe(client);
    // A refused token request makes the credentials unproven again: their client is among the unproven.
    pool.disprove(b);
    expect(pool.isProven(b)).toBe(false);
    pool.get({ ...creds, clientId: "d" });
    expect(pool.get(b)).not.toBe(client);
  });
});
