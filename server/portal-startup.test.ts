/**
 * The portal's start (instrumentation.ts awaits it before the server serves): by the time startPortal resolves, the
 * store holds the demo account and its connection in demo mode, or has the leftover demo account disabled outside it.
 */
import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
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
