/**
 * The cluster under test (playwright.cluster.config.ts starts it with `npm run cluster -- --test`): its state file
 * (ports, pids, paths), which instance answered a request through the proxy, an instance killed and waited for
 * again, the audit trail's entries in its database and the real `npm run audit -- verify` against it.
 */
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { expect } from "@playwright/test";
import pg from "pg";
import { CLUSTER_STATE_FILE } from "../../playwright.cluster.config";

/** The repository's root (this file is e2e/cluster/cluster.ts). */
const ROOT = fileURLToPath(new URL("../../", import.meta.url));

export interface Instance {
  name: string;
  port: number;
  url: string;
  pid: number;
  restarts: number;
  log: string;
  checkpoints: string;
}

export interface ClusterState {
  proxy: { url: string; port: number; pid: number; accessLog: string };
  instances: Instance[];
  partner: { url: string; port: number; pid: number };
  databaseUrl: string;
  redisUrl: string;
  dataDir: string;
  exportDir: string;
  keysFile: string;
}

export const clusterState = (): ClusterState => JSON.parse(readFileSync(CLUSTER_STATE_FILE, "utf8")) as ClusterState;

/** The instances' header the cluster's nginx adds (scripts/cluster/nginx.sh): "host:port", or two when retried. */
export const UPSTREAM_HEADER = "x-study-portal-upstream";

/** The port of the instance that answered, from the proxy's header; undefined when nginx named none or two. */
export function answeredBy(headers: Record<string, string> | Headers): number | undefined {
  const value = headers instanceof Headers ? headers.get(UPSTREAM_HEADER) : headers[UPSTREAM_HEADER];
  const m = /^127\.0\.0\.1:(\d+)$/.exec(value ?? "");
  return m ? Number(m[1]) : undefined;
}

export const instanceAt = (port: number): Instance => {
  const found = clusterState().instances.find((i) => i.port === port);
  if (!found) throw new Error(`no instance of the cluster listens on ${port}`);
  return found;
};

/** Ready as the cluster script waits for it: /api/health/ready 200, or where it has none, /signin 200. */
async function isReady(url: string): Promise<boolean> {
  const status = async (path: string) =>
    (await fetch(`${url}${path}`, { redirect: "manual", signal: AbortSignal.timeout(5_000) }).catch(() => undefined))
      ?.status;
  const ready = await status("/api/health/ready");
  return ready === 200 || (ready !== 503 && (await status("/signin")) === 200);
}

/** kill -9 of an instance: no stop, no grace; the cluster script starts it again (instanceBack). */
export const killInstance = (instance: Instance) => process.kill(instance.pid, "SIGKILL");

/** Waits until the cluster has started the instance again (a new pid) and it answers ready. */
export async function instanceBack(before: Instance): Promise<void> {
  await expect
    .poll(async () => instanceAt(before.port).pid !== before.pid && (await isReady(before.url)), {
      timeout: 90_000,
      intervals: [500],
    })
    .toBe(true);
}

/**
 * Waits until the proxy serves the sign-in page again. nginx holds an upstream failed for its fail_timeout
 * (scripts/cluster/nginx.sh) after a connection error, so with every instance killed it answers 502 for a few
 * seconds after they are all ready again.
 */
export async function proxyBack(): Promise<void> {
  const url = `${clusterState().proxy.url}/signin`;
  await expect
    .poll(async () => (await fetch(url, { signal: AbortSignal.timeout(5_000) }).catch(() => undefined))?.status, {
      timeout: 60_000,
      intervals: [500],
    })
    .toBe(200);
}

/** One query against the cluster's database. */
export async function query<R extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<R[]> {
  const client = new pg.Client({ connectionString: clusterState().databaseUrl });
  await client.connect();
  try {
    return (await client.query<R>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** The audit trail's shape: entries, the last ID, distinct hashes (a gapless chain has as many of each). */
export async function auditShape(): Promise<{ entries: number; lastId: number; hashes: number }> {
  const [row] = await query<{ entries: string; last_id: string | null; hashes: string }>(
    "SELECT count(*) AS entries, max(id) AS last_id, count(DISTINCT hash) AS hashes FROM audit_log",
  );
  return { entries: Number(row.entries), lastId: Number(row.last_id ?? 0), hashes: Number(row.hashes) };
}

const run = promisify(execFile);

/**
 * `npm run audit -- verify` against the cluster's database and each instance's checkpoint file (at least one
 * checkpoint in each), as an operator would run it; answers the number of entries each verify found intact.
 */
export async function verifyAudit(): Promise<number[]> {
  const state = clusterState();
  const key = /^PORTAL_SECRET_KEY=(.+)$/m.exec(readFileSync(state.keysFile, "utf8"))?.[1];
  const verify = async (instance: Instance) => {
    const args = ["tsx", "scripts/audit.ts", "verify", "--checkpoints", instance.checkpoints];
    const env = { ...process.env, DATABASE_URL: state.databaseUrl, PORTAL_SECRET_KEY: key };
    const { stdout } = await run("npx", args, { cwd: ROOT, env });
    const intact = /The audit trail is intact: (\d+) entries/.exec(stdout);
    expect(intact, `verify against ${instance.name}'s checkpoints:\n${stdout}`).not.toBeNull();
    // Every instance has appended, so each file holds a checkpoint of the one chain (docs/audit.md, Checkpoints).
    expect(Number(/Checked against (\d+) checkpoints/.exec(stdout)?.[1]), instance.name).toBeGreaterThan(0);
    return Number(intact![1]);
  };
  return Promise.all(state.instances.map(verify));
}
