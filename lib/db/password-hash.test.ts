import { parseOptions } from "@node-rs/argon2";
import { describe, expect, it } from "vitest";
import { ARGON2_PARAMS, checkPassword, DUMMY_HASH, hashPassword } from "./password-hash";
import { legacyBcrypt } from "./testing";

const PASSWORD = "correct horse battery";

describe("password hashes", () => {
  it("hashes with argon2id at no less than OWASP's minimum (19 MiB, 2 passes)", async () => {
    const hashes = [await hashPassword(PASSWORD), await hashPassword(PASSWORD)];
    for (const h of hashes) {
      expect(h).toMatch(/^\$argon2id\$v=19\$m=65536,t=3,p=1\$/);
      expect(h).not.toContain(PASSWORD);
    }
    // Each hash has a salt of its own.
    expect(hashes[0]).not.toBe(hashes[1]);
    expect(ARGON2_PARAMS.memoryCost).toBeGreaterThanOrEqual(19 * 1024);
    expect(ARGON2_PARAMS.timeCost).toBeGreaterThanOrEqual(2);
  });

  it("checks a current hash: right, wrong, nothing to replace", async () => {
    const stored = await hashPassword(PASSWORD);
    expect(await checkPassword(PASSWORD, stored)).toEqual({ ok: true, outdated: false });
    expect(await checkPassword("wrong password", stored)).toEqual({ ok: false, outdated: false });
  });

  it("checks a bcrypt hash from before, and marks it for replacing", async () => {
    for (const version of ["2a", "2b"] as const) {
      const stored = legacyBcrypt(PASSWORD, version);
      expect(stored.startsWith(`$${version}$`)).toBe(true);
      expect(await checkPassword(PASSWORD, stored)).toEqual({ ok: true, outdated: true });
      expect((await checkPassword("wrong password", stored)).ok).toBe(false);
    }
  });

  it("marks an argon2 hash with other parameters for replacing", async () => {
    const { hash } = await import("@node-rs/argon2");
    const stored = await hash(PASSWORD, { ...ARGON2_PARAMS, memoryCost: 19 * 1024, timeCost: 2 });
    expect(await checkPassword(PASSWORD, stored)).toEqual({ ok: true, outdated: true });
  });

  it("never accepts a missing or unreadable hash", async () => {
    for (const stored of [undefined, null, "", "x", "$argon2id$broken", "$2b$12$short"])
      expect((await checkPassword(PASSWORD, stored)).ok).toBe(false);
  });

  it("compares unknown emails against a dummy hash that costs what a real one does", () => {
    const { algorithm, memoryCost, timeCost, parallelism } = parseOptions(DUMMY_HASH);
    expect({ algorithm, memoryCost, timeCost, parallelism }).toEqual(ARGON2_PARAMS);
  });
});
