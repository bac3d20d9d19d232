import { describe, expect, it } from "vitest";
import { ClientPool } from "./client-pool";

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

  it("keeps at most `max` clients, dropping the least recently used", () => {
    const pool = new ClientPool({}, 2);
    const a = pool.get(creds);
    const b = pool.get({ ...creds, clientId: "b" });
    pool.get(creds);
    pool.get({ ...creds, clientId: "c" });
    expect(pool.size).toBe(2);
    expect(pool.get(creds)).toBe(a);
    expect(pool.get({ ...creds, clientId: "b" })).not.toBe(b);
  });
});
