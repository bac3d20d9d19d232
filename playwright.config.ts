import { randomBytes } from "node:crypto";
import { defineConfig } from "@playwright/test";

/** E2E_PORT moves the test servers (PORT to PORT + 3), so that two checkouts can run their tests side by side. */
const PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_BASE_URL = `http://127.0.0.1:${PORT}`;
/** A partner address where nothing listens (port 9, discard, is closed here): every request fails to connect. */
export const UNREACHABLE_PARTNER_URL = "http://127.0.0.1:9";
const BUSY_PORT = PORT + 1;
/** A second server whose partner service answers every data request 429 (see its webServer entry). */
export const RATE_LIMITED_PARTNER_URL = `http://127.0.0.1:${BUSY_PORT}`;
const CLEAN_PORT = PORT + 2;
/** A third server whose demo data was generated without the deliberate imperfections (see its webServer entry). */
export const CLEAN_PARTNER_URL = `http://127.0.0.1:${CLEAN_PORT}`;
const REVIEW_PORT = PORT + 3;
/** A fourth server whose partner data the review specs move to their next data cut (see its webServer entry). */
export const REVIEW_PARTNER_URL = `http://127.0.0.1:${REVIEW_PORT}`;
/** Its partner database, which those specs advance with `npm run data -- advance`. */
export const REVIEW_PARTNER_DB = "data/e2e-review/partner-service.db";

export default defineConfig({
  testDir: "e2e",
  // The cluster's tests run against a cluster of their own (playwright.cluster.config.ts).
  testIgnore: ["**/e2e/cluster/**"],
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  retries: 0,
  reporter: [["list"]],
  timeout: 60_000,
  // An assertion waits up to 10 s for the page: on this 2-core machine, with two workers, a server-rendered page
  // after a click took over 5 s (Playwright's default) while other tests ran. Speed is measured by the benchmarks.
  expect: { timeout: 10_000 },
  use: {
    baseURL: E2E_BASE_URL,
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  webServer: [
    {
      // A fresh demo database every run, created by the server at start-up.
      command: `rm -rf data/e2e && exec bash server/start.sh -p ${PORT}`,
      url: `${E2E_BASE_URL}/`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: "pipe",
      stderr: "pipe",
      env: {
        PORT: String(PORT),
        PUBLIC_BASE_URL: E2E_BASE_URL,
        PARTNER_DB_PATH: "data/e2e/partner-service.db",
        PARTNER_RATE_LIMIT_PER_MINUTE: "60000",
        DEMO_MODE: "1",
        PORTAL_DB_PATH: "data/e2e/portal.db",
        PORTAL_KEY_FILE: "data/e2e/portal.key",
        NEXTAUTH_SECRET_FILE: "data/e2e/nextauth.key",
        NEXTAUTH_URL: E2E_BASE_URL,
        // The partner addresses the specs store in connections; any other is refused (and tested to be).
        PARTNER_BASE_URL_ALLOWLIST: [
          E2E_BASE_URL,
          UNREACHABLE_PARTNER_URL,
          RATE_LIMITED_PARTNER_URL,
          CLEAN_PARTNER_URL,
          REVIEW_PARTNER_URL,
        ].join(","),
        // Exports of thousands of rows take seconds, so that a test can cancel one while it runs
        // (e2e/portal/exports/exports.spec.ts).
        EXPORT_MAX_ROWS_PER_SECOND: "2500",
      },
    },
    // The real partner service with fault injection answering every data request 429 (Retry-After: 1), so that the
    // portal's retries cannot get past it: the study page's rate-limited state. Its token endpoint answers, so the
    // credentials prove themselves and a load runs (retrying) for seconds: a token request of credentials never
    // proven is not retried after a 429 (docs/resilience.md). Its own process, so that the main server's partner
    // service stays fault-free for every other test; a tiny data set, so it starts fast.
    partnerServer(BUSY_PORT, "e2e-busy", {
      PARTNER_FAULT_429_RATE: "1",
      PARTNER_FAULT_DATA_ONLY: "1",
      DEMO_SUBJECTS: "4",
      DEMO_VISITS: "2",
    }),
    // The real partner service on demo data generated without the deliberate imperfections
    // (DEMO_IMPERFECTIONS=0): the data checks must find nothing in it, and the signed and recomputed responses
    // agree. The demo's own size (40 subjects of 8 visits, the defaults): 16 would hold the planner's coverage deck
    // (partner-service/data/generator/planner.ts) but no best overall response of PD, and 40 cost a fifth of a
    // second more to generate than 16 (0.6 s) in a start of a few seconds.
    partnerServer(CLEAN_PORT, "e2e-clean", { PARTNER_RATE_LIMIT_PER_MINUTE: "60000", DEMO_IMPERFECTIONS: "0" }),
    // The real partner service on demo data of its own, which the review specs (e2e/portal/review/) move to the
    // next data cut while they run, as a sponsor's new data cut would: the main server's data, which every other
    // spec compares with, never change under them. Users of the main server connect to it.
    partnerServer(REVIEW_PORT, "e2e-review", {
      PARTNER_RATE_LIMIT_PER_MINUTE: "60000",
      DEMO_SUBJECTS: "16",
      DEMO_VISITS: "6",
    }),
  ],
});

/**
 * A server whose partner service alone is used (the main server's portal connects to it), on a fresh database of
 * its own in data/<dir>: the demo database, with the demo partners' published secrets, is served only in demo mode,
 * and its portal half, never signed in to, does not start without secrets: throw-away ones.
 */
function partnerServer(port: number, dir: string, env: Record<string, string>) {
  const url = `http://127.0.0.1:${port}`;
  return {
    command: `rm -rf data/${dir} && exec bash server/start.sh -p ${port}`,
    url: `${url}/signin`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: "ignore" as const,
    stderr: "pipe" as const,
    env: {
      PORT: String(port),
      PUBLIC_BASE_URL: url,
      PARTNER_DB_PATH: `data/${dir}/partner-service.db`,
      DEMO_MODE: "1",
      PORTAL_DB_PATH: `data/${dir}/portal.db`,
      NEXTAUTH_SECRET: randomBytes(32).toString("base64"),
      PORTAL_SECRET_KEY: randomBytes(32).toString("base64"),
      ...env,
    },
  };
}
