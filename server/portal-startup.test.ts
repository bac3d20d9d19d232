/**
 * The portal's start (instrumentation.ts awaits it before the server serves): by the time startPortal resolves, the
 * store holds the demo account and its connection in demo mode, or has the leftover demo account disabled outside it.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { keyFingerprint } from "@/lib/config/shared-keys";
import { listConnections } from "@/lib/db/connections";
import { addUser, findUserByEmail } from "@/lib/db/users";
import { DEMO_USER } from "@/lib/demo/demo-account";
import { forgetProcessSingleton } from "@/lib/runtime/process-singleton";
import type { Store } from "@/lib/store/store";
import { STORE_KINDS, testStore } from "@/lib/store/testing";

// The process's portal store is the test's store of each kind in turn.
const held = vi.hoisted(() => ({ store: undefined as Store | undefined }));
vi.mock("@/lib/store/portal-store", () => ({ portalStore: async () => held.store }));

const SECRETS = { PORTAL_SECRET_KEY: randomBytes(32).toString("base64"), NEXTAUTH_SECRET: "n".repeat(40) };

/** startPortal in a fresh module graph under these settings: env() and the keys are read once per graph. */
async function start(settings: Record<string, string>): Promise<void> {
  vi.resetModules();
  forgetProcessSingleton("portalKeys");
  for (const [name, value] of Object.entries({ ...SECRETS, ...settings })) vi.stubEnv(name, value);
  const { startPortal } = await import("./portal-startup");
  await startPortal();
}

describe.each(STORE_KINDS)("the portal's start (%s)", (kind) => {
  let store: Store;
  afterEach(async () => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
    forgetProcessSingleton("portalKeys");
    await store.close();
  });

  it("in demo mode, has made the demo account and its connection when it resolves", async () => {
    store = held.store = await testStore(kind);
    vi.spyOn(console, "log").mockImplementation(() => {});
    await start({ DEMO_MODE: "1" });
    const demo = await findUserByEmail(store, DEMO_USER.email);
    expect(demo).toMatchObject({ email: DEMO_USER.email, disabled: false });
    expect(await listConnections(store, demo!.id)).toHaveLength(1);
  });

  it("outside demo mode, has disabled a leftover demo account when it resolves", async () => {
    store = held.store = await testStore(kind);
    await addUser(store, { ...DEMO_USER });
    vi.spyOn(console, "warn").mockImplementation(() => {});
    await start({ DEMO_MODE: "0", NEXTAUTH_URL: "https://portal.example.org" });
    expect(await findUserByEmail(store, DEMO_USER.email)).toMatchObject({ disabled: true });
  });
});

/** Settings of one of many instances sharing the store, its build made with an actions key. */
const SHARED = {
  NODE_ENV: "production",
  DATABASE_URL: "postgres://portal@db.example.org:5432/portal",
  NEXTAUTH_URL: "https://portal.example.org",
  STUDY_PORTAL_ACTIONS_KEY_FINGERPRINT: keyFingerprint("NEXT_SERVER_ACTIONS_ENCRYPTION_KEY", "k".repeat(44)),
};

describe.each(STORE_KINDS)("the start of one of many instances (%s)", (kind) => {
  let store: Store;
  let dir: string;
  afterEach(async () => {
    vi.unstubAllEnvs();
    forgetProcessSingleton("portalKeys");
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("refuses keys it would generate, in demo mode too, naming them, and writes no key file", async () => {
    store = held.store = await testStore(kind);
    dir = mkdtempSync(join(tmpdir(), "portal-keys-"));
    const files = { NEXTAUTH_SECRET_FILE: join(dir, "auth.key"), PORTAL_KEY_FILE: join(dir, "secret.key") };
    const settings = { ...SHARED, ...files, DEMO_MODE: "1", NEXTAUTH_SECRET: "", PORTAL_SECRET_KEY: "" };
    const refusal = start(settings);
    await expect(refusal).rejects.toThrow(/NEXTAUTH_SECRET is not set in the environment/);
    await expect(refusal).rejects.toThrow(/PORTAL_SECRET_KEY is not set in the environment/);
    expect(existsSync(files.NEXTAUTH_SECRET_FILE) || existsSync(files.PORTAL_KEY_FILE)).toBe(false);
  });

  it("refuses a build made without NEXT_SERVER_ACTIONS_ENCRYPTION_KEY", async () => {
    store = held.store = await testStore(kind);
    dir = mkdtempSync(join(tmpdir(), "portal-keys-"));
    await expect(start({ ...SHARED, STUDY_PORTAL_ACTIONS_KEY_FINGERPRINT: "" })).rejects.toThrow(
      /NEXT_SERVER_ACTIONS_ENCRYPTION_KEY was not set when this build was made/,
    );
  });

  it("passes with the keys the first instance had, and refuses another key, naming it, never its value", async () => {
    store = held.store = await testStore(kind);
    dir = mkdtempSync(join(tmpdir(), "portal-keys-"));
    await start(SHARED);
    await start(SHARED);
    const other = "o".repeat(40);
    const refusal = start({ ...SHARED, NEXTAUTH_SECRET: other });
    await expect(refusal).rejects.toThrow(/NEXTAUTH_SECRET differs from the key the instances on this store/);
    await expect(refusal).rejects.not.toThrow(other);
    const rebuilt = {
      ...SHARED,
      STUDY_PORTAL_ACTIONS_KEY_FINGERPRINT: keyFingerprint("NEXT_SERVER_ACTIONS_ENCRYPTION_KEY", "k2"),
    };
    await expect(start(rebuilt)).rejects.toThrow(/NEXT_SERVER_ACTIONS_ENCRYPTION_KEY differs/);
  });
});
