/**
 * `npm run bench:load -- --cluster`: the portal as `npm run cluster -- --test` runs it (three instances on
 * PostgreSQL and Redis behind nginx; docs/deployment.md, The cluster command), its partner service on the
 * benchmark's database and reached through the benchmark's counting proxy (CLUSTER_PARTNER_DB, CLUSTER_PARTNER_URL).
 * One partner address for all: phase 2's cold load is another client of the same partner (BENCH_COLD_CLIENT), which
 * the study cache keys apart. The cluster's own state file gives the instances' pids, its database and Redis.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { BENCH_COLD_CLIENT, ensureBenchColdClient } from "./bench-database";
import { startCountingProxy } from "./counting-proxy";
import { type LoadServers, type PartnerPriority, SERVICE_LIMITS_OFF } from "./load-servers";
import { deprioritise } from "./start-server";

interface ClusterState {
  proxy: { url: string; accessLog: string };
  instances: { name: string; url: string; pid: number }[];
  partner: { pid: number };
  databaseUrl: string;
  redisUrl: string;
  keysFile: string;
}

const START_TIMEOUT_MS = 6 * 60_000;

/** The cluster with its proxy on `port`, the instances on the next three, the partner service on the fourth. */
export async function startLoadCluster(
  port: number,
  partnerDbPath: string,
  partner: PartnerPriority,
): Promise<LoadServers> {
  refuseStaleDependencies();
  await ensureBenchColdClient(partnerDbPath);
  const proxy = await startCountingProxy(port + 5, `http://127.0.0.1:${port + 4}`);
  const dir = mkdtempSync(join(tmpdir(), "bench-load-cluster-"));
  const stateFile = join(dir, "state.json");
  const child = spawn("bash", ["scripts/cluster.sh", "--test", "--state", stateFile], {
    env: {
      ...process.env,
      CLUSTER_PORT: String(port),
      CLUSTER_PARTNER_DB: resolve(partnerDbPath),
      CLUSTER_PARTNER_URL: proxy.url,
      ...SERVICE_LIMITS_OFF,
      // As for one server (bench/support/load-servers.ts): the study stays cached for the whole run.
      STUDY_CACHE_TTL_SECONDS: "3600",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    }
    await proxy.close();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const state = await readyState(child, stateFile, port);
    // As bench:load does for its own partner services: the partner's work is not the portal's latency.
    deprioritise(state.partner.pid, partner.nice, partner.idle);
    return {
      portalUrl: state.proxy.url,
      portals: state.instances.map((i) => ({ name: i.name, url: i.url, pid: i.pid })),
      portalDbPath: "",
      secretKey: keyOf(state.keysFile, "PORTAL_SECRET_KEY"),
      cachedServiceUrl: proxy.url,
      coldServiceUrl: proxy.url,
      coldClient: BENCH_COLD_CLIENT,
      partnerProxy: proxy,
      cluster: { databaseUrl: state.databaseUrl, redisUrl: state.redisUrl, accessLog: state.proxy.accessLog },
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

/**
 * The cluster script installs the npm dependencies first when they look older than package.json or its lockfile
 * (scripts/ensure-deps.sh): a benchmark does not reinstall the packages under a running tree; it says so instead.
 */
function refuseStaleDependencies(): void {
  const stamp = "node_modules/.package-lock.json";
  const installed = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
  if (["package.json", "package-lock.json"].some((f) => statSync(f).mtimeMs > installed))
    throw new Error("The npm dependencies look older than package.json: run `npm ci` (or `npm run cluster`) first.");
}

/** The state file once the cluster's proxy answers ready (the script writes the file before that). */
async function readyState(child: ChildProcess, stateFile: string, port: number): Promise<ClusterState> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm run cluster exited with code ${child.exitCode}`);
    if (existsSync(stateFile)) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health/ready`)).ok)
          return JSON.parse(readFileSync(stateFile, "utf8")) as ClusterState;
      } catch {
        // the proxy is not listening yet
      }
    }
    if (Date.now() > deadline) throw new Error("the cluster was not ready within 6 minutes");
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** A key of the cluster's keys file (scripts/cluster/keys.sh: NAME=value lines, base64 values). */
function keyOf(file: string, name: string): string {
  const line = readFileSync(file, "utf8")
    .split("\n")
    .find((l) => l.startsWith(`${name}=`));
  if (!line) throw new Error(`${name} is not in the cluster's keys file`);
  return line.slice(name.length + 1);
}
