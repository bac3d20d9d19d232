import { randomBytes } from "node:crypto";
import { chmodSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/config/env";
import { decodeSecretKey, PortalKeyError, resolveKeys } from "./portal-keys";

const tmp = () => mkdtempSync(join(tmpdir(), "portal-keys-"));
const mode = (path: string) => statSync(path).mode & 0o777;

describe("portal keys", () => {
  it("in demo mode, creates both key files with mode 0600 and reuses them", () => {
    const dir = tmp();
    const e = parseEnv({
      DEMO_MODE: "1",
      PORTAL_KEY_FILE: join(dir, "sub", "portal.key"),
      NEXTAUTH_SECRET_FILE: join(dir, "auth.key"),
    });
    const first = resolveKeys(e);
    expect(first.secretKey).toHaveLength(32);
    expect(first.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(mode(join(dir, "sub", "portal.key"))).toBe(0o600);
    expect(mode(join(dir, "auth.key"))).toBe(0o600);
    const second = resolveKeys(e);
    expect(second.secretKey.equals(first.secretKey)).toBe(true);
    expect(second.authSecret).toBe(first.authSecret);
    expect(readFileSync(join(dir, "sub", "portal.key"), "utf8").trim()).toBe(first.secretKey.toString("base64"));
  });

  it("tightens a reused key file that others could read", () => {
    const dir = tmp();
    const file = join(dir, "portal.key");
    writeFileSync(file, randomBytes(32).toString("base64"));
    chmodSync(file, 0o644);
    resolveKeys(parseEnv({ DEMO_MODE: "1", PORTAL_KEY_FILE: file, NEXTAUTH_SECRET_FILE: join(dir, "auth.key") }));
    expect(mode(file)).toBe(0o600);
  });

  it("prefers the environment's keys, also in demo mode, and writes no file then", () => {
    const dir = tmp();
    const key = randomBytes(32);
    const e = parseEnv({
      DEMO_MODE: "1",
      PORTAL_SECRET_KEY: key.toString("base64"),
      NEXTAUTH_SECRET: "x".repeat(40),
      PORTAL_KEY_FILE: join(dir, "k"),
      NEXTAUTH_SECRET_FILE: join(dir, "a"),
    });
    const keys = resolveKeys(e);
    expect(keys.secretKey.equals(key)).toBe(true);
    expect(keys.authSecret).toBe("x".repeat(40));
    expect(() => statSync(join(dir, "k"))).toThrow();
  });

  it("refuses to start outside demo mode without the keys, naming each one", () => {
    const dir = tmp();
    const e = parseEnv({ PORTAL_KEY_FILE: join(dir, "k"), NEXTAUTH_SECRET_FILE: join(dir, "a") });
    expect(() => resolveKeys(e)).toThrow(PortalKeyError);
    expect(() => resolveKeys(e)).toThrow(/PORTAL_SECRET_KEY is not set[\s\S]*NEXTAUTH_SECRET is not set/);
    expect(() => statSync(join(dir, "k"))).toThrow();
    expect(() => resolveKeys(parseEnv({ NEXTAUTH_SECRET: "y".repeat(32), PORTAL_KEY_FILE: join(dir, "k") }))).toThrow(
      /PORTAL_SECRET_KEY/,
    );
    expect(() => resolveKeys(parseEnv({ PORTAL_SECRET_KEY: randomBytes(32).toString("base64") }))).toThrow(
      /NEXTAUTH_SECRET is not set/,
    );
  });

  it("refuses a PORTAL_SECRET_KEY that is not 32 bytes of base64, and a short NEXTAUTH_SECRET", () => {
    for (const bad of [
      "short",
      randomBytes(16).toString("base64"),
      randomBytes(33).toString("base64"),
      "not base64 at all!!",
    ]) {
      expect(() => decodeSecretKey(bad, "PORTAL_SECRET_KEY")).toThrow(/32 random bytes/);
    }
    expect(decodeSecretKey(randomBytes(32).toString("base64url"), "k")).toHaveLength(32);
    expect(() => parseEnv({ NEXTAUTH_SECRET: "too short" })).toThrow(/NEXTAUTH_SECRET/);
  });
});
