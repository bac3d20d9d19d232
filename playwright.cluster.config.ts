import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "@playwright/test";
import base from "./playwright.config";

/**
 * The cluster's tests (e2e/cluster, docs/deployment.md): `npm run cluster` in its test mode (a new database, an
 * empty Redis database, new keys, all removed at the end) on CLUSTER_E2E_PORT (default 3200: the proxy; the three
 * instances and the partner service on the next four ports), so that it runs beside the end-to-end servers.
 */
export const CLUSTER_PORT = Number(process.env.CLUSTER_E2E_PORT ?? 3200);
export const PROXY_URL = `http://127.0.0.1:${CLUSTER_PORT}`;
/** Where the cluster writes its ports, pids and paths (e2e/cluster/cluster.ts reads it); one per port. */
export const CLUSTER_STATE_FILE = join(tmpdir(), `study-portal-cluster-e2e-${CLUSTER_PORT}.json`);
/** Failed sign-ins from one address before it is refused: low, so that the spec reaching it waits seconds. */
export const SIGN_IN_CAP = 6;

export default defineConfig({
  testDir: "e2e/cluster",
  // One at a time: the specs kill instances and count audit entries of the one cluster.
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  retries: 0,
  reporter: [["list"]],
  timeout: 120_000,
  // Debian's Chromium, as the end-to-end tests launch it.
  use: { baseURL: PROXY_URL, launchOptions: base.use?.launchOptions },
  webServer: {
    command: `exec bash scripts/cluster.sh --test --state ${CLUSTER_STATE_FILE}`,
    url: `${PROXY_URL}/signin`,
    reuseExistingServer: false,
    // A build, when none with a shared actions key exists, takes minutes.
    timeout: 600_000,
    stdout: "pipe",
    stderr: "pipe",
    // The cluster stops what it started (each instance's stop may take 25 s, docs/health.md) and drops its database.
    gracefulShutdown: { signal: "SIGTERM", timeout: 45_000 },
    env: {
      CLUSTER_PORT: String(CLUSTER_PORT),
      SIGN_IN_MAX_FAILURES_PER_ADDRESS: String(SIGN_IN_CAP),
      // Exports of thousands of rows take seconds, and every partner answer 0.2 s, so that an instance can be
      // killed while it writes one, or loads a study (e2e/cluster/instance-failure.spec.ts).
      EXPORT_MAX_ROWS_PER_SECOND: "2500",
      PARTNER_FAULT_LATENCY_MS: "200",
    },
  },
});
