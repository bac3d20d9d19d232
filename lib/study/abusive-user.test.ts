/**
 * One user's made-up connections must not fail another user's study. Against the real partner service in-process
 * (every request of the portal from its one source address, the service's own limits on failed token requests, its
 * clock running in real time) and the real study cache with production's retry policy: a user with 100 connections
 * of made-up client IDs and secrets (as one could have had before the cap on connections) opens their study pages
 * in a loop, 8 at a time, for two minutes, while another user loads the demo study's subject list again and again
 * and presses Refresh every 30 s. None of the legitimate user's loads or refreshes fails, none takes more than
 * MAX_DELAY_MS, and the abuser's token requests stay within the per-user budget (docs/security.md).
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Store } from "@/lib/store/store";
import { testStore } from "@/lib/store/testing";
import { TOKEN_PATH } from "@/partner-api/paths";
import { createTestService, northstar, TEST_BASE, type TestService } from "@/partner-service/testing";

vi.stubEnv("PORTAL_SECRET_KEY", randomBytes(32).toString("base64"));
vi.stubEnv("NEXTAUTH_SECRET", "n".repeat(40));
vi.stubEnv("PARTNER_BASE_URL_ALLOWLIST", TEST_BASE);

// The process's portal store is the test's: what is measured is the study cache's, so one kind of store does.
const held = vi.hoisted(() => ({ store: undefined as Store | undefined }));
vi.mock("@/lib/store/portal-store", () => ({ portalStore: async () => held.store }));

const { createConnection } = await import("@/lib/db/connections");
const { addUserRow } = await import("@/lib/connections/testing");
const { failureOf } = await import("@/lib/connections/failure");
const { StudyCache } = await import("@/lib/study-cache/study-cache");
const { SIGN_INS_PER_MINUTE } = await import("@/lib/study-cache/sign-ins");
const { openUserStudy } = await import("./open-user-study");
const { loadSubjectList } = await import("./subject-list");

/** How long the abuser goes on: the real two minutes, so that the per-minute budgets renew. */
const DURATION_MS = 120_000;
/** The most a legitimate load or Refresh may take: a bound on correctness, far above its 0.1 s alone. */
const MAX_DELAY_MS = 5_000;
const REFRESH_EVERY_MS = 30_000;
const BAD_CONNECTIONS = 100;
const ABUSERS_AT_ONCE = 16;
/**
 * The legitimate user reads each page while the abuser opens this many (or for READ_AT_MOST_MS): more than the
 * portal keeps partner clients of, so that made-up credentials sharing one pool with working ones would push the
 * legitimate user's client, and its token, out between two of their pages.
 */
const READ_WHILE_ABUSER_OPENS = 70;
const READ_AT_MOST_MS = 10_000;
const STUDY = "ONC-101";

let t: TestService;
let legit: number;
let abuser: number;
let legitConnection: string;
const badConnections: string[] = [];
/** Token requests the service was sent, by client ID. */
const tokenRequests = new Map<string, number>();

beforeAll(async () => {
  t = await createTestService({ data: { subjects: 8, visits: 2 } });
  // The service's clock runs in real time, so that its buckets of failed token requests fill again as in production.
  Object.defineProperty(t.clock, "now", { get: () => Date.now() });
  const store = await testStore("sqlite");
  held.store = store;
  legit = await addUserRow(store, "legit@example.org");
  abuser = await addUserRow(store, "abuser@example.org");
  const { partnerId, clientId, clientSecret } = northstar;
  const fields = { name: "N", baseUrl: TEST_BASE, partnerId, clientId, studies: [STUDY] };
  legitConnection = (await createConnection(store, legit, fields, clientSecret)).id;
  for (let i = 0; i < BAD_CONNECTIONS; i++) {
    const madeUp = { ...fields, name: `Bad ${i}`, clientId: `made-up-${i}` };
    badConnections.push((await createConnection(store, abuser, madeUp, randomBytes(32).toString("base64url"))).id);
  }
});
afterAll(async () => {
  t.db.close();
  await held.store?.close();
});

/** The in-process service's fetch, counting token requests by client ID. */
const counting = (async (input: RequestInfo | URL, init?: RequestInit) => {
  if (String(input).endsWith(TOKEN_PATH)) {
    const clientId = new URLSearchParams(String(init?.body)).get("client_id") ?? "";
    tokenRequests.set(clientId, (tokenRequests.get(clientId) ?? 0) + 1);
  }
  return t.fetch(input, init);
}) as typeof fetch;

const openLegit = async (cache: InstanceType<typeof StudyCache>) =>
  (await openUserStudy(legit, { connectionId: legitConnection, study: STUDY }, cache, {
    address: null,
    via: "study_page",
  }))!;

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Pages the abuser has opened so far. */
let opened = 0;

/** The abuser's study pages, ABUSERS_AT_ONCE at a time, until `until`; the failures by kind. */
async function abuse(cache: InstanceType<typeof StudyCache>, until: number) {
  const failures = new Map<string, number>();
  const worker = async () => {
    while (Date.now() < until) {
      const connectionId = badConnections[opened++ % BAD_CONNECTIONS];
      const access = await openUserStudy(abuser, { connectionId, study: STUDY }, cache, {
        address: null,
        via: "study_page",
      });
      await loadSubjectList(access!).catch((e: unknown) => {
        const kind = failureOf(e)?.kind ?? String(e);
        failures.set(kind, (failures.get(kind) ?? 0) + 1);
      });
      // A browser's next request comes a little later; without a pause, refusals from memory would spin the loop.
      await pause(10);
    }
  };
  await Promise.all(Array.from({ length: ABUSERS_AT_ONCE }, worker));
  return { views: opened, failures: Object.fromEntries(failures) };
}

/** The legitimate user's views and Refreshes until `until`: how long each took, and any failure. */
async function browse(cache: InstanceType<typeof StudyCache>, until: number) {
  const took = { loads: [] as number[], refreshes: [] as number[] };
  const failures: string[] = [];
  const open = () => openLegit(cache);
  let refreshAt = Date.now() + REFRESH_EVERY_MS;
  while (Date.now() < until) {
    let started = performance.now();
    if (Date.now() >= refreshAt) {
      refreshAt += REFRESH_EVERY_MS;
      const outcome = await (await open()).refresh();
      took.refreshes.push(performance.now() - started);
      if (outcome.status !== "dropped") failures.push(`refresh: ${JSON.stringify(outcome)}`);
      started = performance.now();
    }
    try {
      const view = await loadSubjectList(await open());
      if (view.rows.length !== 8) failures.push(`load: ${view.rows.length} subjects`);
    } catch (e) {
      failures.push(`load: ${failureOf(e)?.kind ?? String(e)}`);
    }
    took.loads.push(performance.now() - started);
    const readUntil = Math.min(Date.now() + READ_AT_MOST_MS, until);
    const openedBefore = opened;
    while (opened < openedBefore + READ_WHILE_ABUSER_OPENS && Date.now() < readUntil) await pause(20);
  }
  return { took, failures };
}

describe("a user with 100 made-up connections opening study pages in a loop for two minutes", () => {
  it("fails none of another user's loads or refreshes, and delays none beyond the bound", async () => {
    const cache = new StudyCache({ ttlMs: 60_000, maxBytes: 64 * 1024 * 1024, client: { fetch: counting } });
    // The legitimate user's study is loaded first, as it is on a portal in use.
    await loadSubjectList(await openLegit(cache));
    const until = Date.now() + DURATION_MS;
    const [abused, browsed] = await Promise.all([abuse(cache, until), browse(cache, until)]);

    expect(browsed.failures).toEqual([]);
    // The legitimate user's client and token were kept throughout (one token request, at the start): a token lost
    // to made-up credentials would have to be asked for again from the address whose failures they spend.
    expect(tokenRequests.get(northstar.clientId)).toBe(1);
    expect(Math.max(...browsed.took.loads)).toBeLessThanOrEqual(MAX_DELAY_MS);
    expect(Math.max(...browsed.took.refreshes)).toBeLessThanOrEqual(MAX_DELAY_MS);
    // Every abusive view failed clearly: its sign-in refused, or refused by the portal before any request.
    expect(Object.keys(abused.failures).sort()).toEqual(["authentication", "sign-ins-limited"]);
    // At most the budget in any minute: over two minutes (and the moment they end), three budgets at most.
    const abusive = [...tokenRequests].filter(([id]) => id.startsWith("made-up-")).reduce((n, [, c]) => n + c, 0);
    expect(abusive).toBeLessThanOrEqual(3 * SIGN_INS_PER_MINUTE);
    // The loops did run: dozens of legitimate views, hundreds of the abuser's, Refresh every 30 s.
    expect(browsed.took.loads.length).toBeGreaterThan(30);
    expect(browsed.took.refreshes.length).toBeGreaterThanOrEqual(3);
    expect(abused.views).toBeGreaterThan(500);
  }, 180_000);
});
