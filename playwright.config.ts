import { randomBytes } from "node:crypto";
import { defineConfig } from "@playwright/test";

/** E2E_PORT moves the test servers (PORT to PORT + 2), so that two checkouts can run their tests side by side. */
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
        ].join(","),
        // Exports of thousands of rows take seconds, so that a test can cancel one while it runs
        // (e2e/portal/exports/exports.spec.ts).
        EXPORT_MAX_ROWS_PER_SECOND: "2500",
      },
    },
    {
      // The real partner service with fault injection answering every data request 429 (Retry-After: 1), so that the
      // portal's retries cannot get past it: the study page's rate-limited state. Its token endpoint answers, so
      // the credentials prove themselves and a load runs (retrying) for seconds: a token request of credentials never
      // proven is not retried after a 429 (docs/resilience.md). Its own process, so that the
      // main server's partner service stays fault-free for every other test; a tiny data set, so it starts fast.
      command: `rm -rf data/e2e-busy && exec bash server/start.sh -p ${BUSY_PORT}`,
      url: `${RATE_LIMITED_PARTNER_URL}/signin`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        PORT: String(BUSY_PORT),
        PUBLIC_BASE_URL: RATE_LIMITED_PARTNER_URL,
        PARTNER_DB_PATH: "data/e2e-busy/partner-service.db",
        PARTNER_FAULT_429_RATE: "1",
        PARTNER_FAULT_DATA_ONLY: "1",
        DEMO_SUBJECTS: "4",
        DEMO_VISITS: "2",
        // The demo database (created at start-up, with the demo partners' published secrets) is served only in
        // demo mode.
        DEMO_MODE: "1",
        // Its portal half is never signed in to, but does not start without secrets: throw-away ones.
        PORTAL_DB_PATH: "data/e2e-busy/portal.db",
        NEXTAUTH_SECRET: randomBytes(32).toString("base64"),
        PORTAL_SECRET_KEY: randomBytes(32).toString("base64"),
      },
    },
    {
      // The real partner service on demo data generated without the deliberate imperfections
      // (DEMO_IMPERFECTIONS=0): the data checks must find nothing in it, and the signed and recomputed responses
      // agree. The demo's own size (40 subjects of 8 visits, the defaults): 16 would hold the planner's coverage
      // deck (partner-service/data/generator/planner.ts) but no best overall response of PD, and 40 cost a
      // fifth of a second more to generate than 16 (0.6 s) in a start of a few seconds.
      command: `rm -rf data/e2e-clean && exec bash server/start.sh -p ${CLEAN_PORT}`,
      url: `${CLEAN_PARTNER_URL}/signin`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        PORT: String(CLEAN_PORT),
        PUBLIC_BASE_URL: CLEAN_PARTNER_URL,
        PARTNER_DB_PATH: "data/e2e-clean/partner-service.db",
        PARTNER_RATE_LIMIT_PER_MINUTE: "60000",
        DEMO_IMPERFECTIONS: "0",
        // The demo database, with the demo partners' published secrets, is served only in demo mode.
        DEMO_MODE: "1",
        // Only its partner service is used (the main server's portal connects to it): throw-away portal secrets.
        PORTAL_DB_PATH: "data/e2e-clean/portal.db",
        NEXTAUTH_SECRET: randomBytes(32).toString("base64"),
        PORTAL_SECRET_KEY: randomBytes(32).toString("base64"),
      },
    },
  ],
});
