/**
 * Instances that share a store or Redis must be given their keys by the environment, and a build made with the
 * server actions' key; the checks name each variable and never its value.
 */
import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { parseEnv } from "./env";
import { keyFingerprint, sharedKeyProblems, sharesState } from "./shared-keys";

const AUTH = "a".repeat(40);
const SECRET = randomBytes(32).toString("base64");
const ACTIONS = randomBytes(32).toString("base64");
const BUILT = keyFingerprint("NEXT_SERVER_ACTIONS_ENCRYPTION_KEY", ACTIONS);
const DB = "postgres://portal:pw@db.example.org:5432/portal";

const problems = (settings: Record<string, string>, build = BUILT) =>
  sharedKeyProblems(parseEnv({ NODE_ENV: "production", ...settings }), build);

describe("the shared keys' checks", () => {
  it("ask nothing of a single server on SQLite, in demo mode or not", () => {
    expect(sharesState(parseEnv({}))).toBe(false);
    expect(problems({ DEMO_MODE: "1" }, "")).toEqual([]);
    expect(problems({}, "")).toEqual([]);
  });

  it.each([
    ["DATABASE_URL", DB],
    ["REDIS_URL", "redis://cache.example.org:6379"],
  ])("with %s, need both secrets from the environment, demo mode too", (name, value) => {
    const found = problems({ [name]: value, DEMO_MODE: "1" });
    expect(found).toHaveLength(2);
    expect(found[0]).toMatch(/^NEXTAUTH_SECRET is not set in the environment/);
    expect(found[1]).toMatch(/^PORTAL_SECRET_KEY is not set in the environment/);
    expect(problems({ [name]: value, NEXTAUTH_SECRET: AUTH, PORTAL_SECRET_KEY: SECRET })).toEqual([]);
  });

  it("need a build made with NEXT_SERVER_ACTIONS_ENCRYPTION_KEY, except under `next dev`", () => {
    const keys = { DATABASE_URL: DB, NEXTAUTH_SECRET: AUTH, PORTAL_SECRET_KEY: SECRET };
    const [found, ...more] = problems(keys, "");
    expect(more).toEqual([]);
    expect(found).toMatch(/^NEXT_SERVER_ACTIONS_ENCRYPTION_KEY was not set when this build was made/);
    expect(problems({ ...keys, NODE_ENV: "development" }, "")).toEqual([]);
  });

  it("refuse a run given another actions key than its build's, and take the build's own", () => {
    const keys = { DATABASE_URL: DB, NEXTAUTH_SECRET: AUTH, PORTAL_SECRET_KEY: SECRET };
    const other = randomBytes(32).toString("base64");
    const found = problems({ ...keys, NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: other });
    expect(found).toEqual([expect.stringMatching(/^NEXT_SERVER_ACTIONS_ENCRYPTION_KEY differs from the key/)]);
    expect(found.join()).not.toContain(other);
    expect(problems({ ...keys, NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: ACTIONS })).toEqual([]);
  });
});

describe("a key's fingerprint", () => {
  it("is equal for equal keys, differs by key and by name, and holds nothing of the key", () => {
    expect(keyFingerprint("NEXTAUTH_SECRET", AUTH)).toBe(keyFingerprint("NEXTAUTH_SECRET", AUTH));
    expect(keyFingerprint("NEXTAUTH_SECRET", AUTH)).not.toBe(keyFingerprint("NEXTAUTH_SECRET", `${AUTH}b`));
    expect(keyFingerprint("NEXTAUTH_SECRET", AUTH)).not.toBe(keyFingerprint("PORTAL_SECRET_KEY", AUTH));
    expect(keyFingerprint("NEXTAUTH_SECRET", AUTH)).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("the build's record of its actions key (next.config.ts)", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  const built = async () => {
    vi.resetModules();
    const { default: config } = await import("@/next.config");
    return config.env?.STUDY_PORTAL_ACTIONS_KEY_FINGERPRINT;
  };

  it("is the key's fingerprint as the start computes it, and empty without a key", async () => {
    vi.stubEnv("NEXT_SERVER_ACTIONS_ENCRYPTION_KEY", ACTIONS);
    expect(await built()).toBe(BUILT);
    vi.stubEnv("NEXT_SERVER_ACTIONS_ENCRYPTION_KEY", "");
    expect(await built()).toBe("");
  });
});
