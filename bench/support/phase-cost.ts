/**
 * What a phase of `npm run bench:load` cost besides latency: CPU time of the portal's processes and of the whole
 * machine, and, for a cluster, PostgreSQL transactions (pg_stat_database.xact_commit of the cluster's database: each
 * statement outside a transaction counts one, a transaction of many statements one), Redis commands (the server's
 * total_commands_processed) and the requests each instance answered (the proxy's access log). Each per request of
 * the phase. Read before the phase and after it has settled, so the idle collections the requests caused count too.
 */
import { readFileSync, statSync } from "node:fs";
import Redis from "ioredis";
import pg from "pg";
import type { PortalProcess } from "./load-servers";
import { processTree, treeRssMiB } from "./start-server";
import { fmt } from "./stats";

/** Linux's clock ticks a second, in which /proc reports CPU time (USER_HZ, 100 on every common architecture). */
const TICKS_PER_SECOND = 100;

interface Snapshot {
  portalTicks: number[];
  machine: { busy: number; total: number };
  xacts?: number;
  redisCommands?: number;
  accessLogBytes?: number;
}

export interface ClusterStores {
  databaseUrl: string;
  redisUrl: string;
  accessLog: string;
}

/** CPU ticks (user + system) of a process and its descendants that are alive now. */
function treeTicks(root: number): number {
  let ticks = 0;
  for (const pid of processTree(root)) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // ended while reading
    }
  }
  return ticks;
}

function machineTicks(): { busy: number; total: number } {
  const cpu = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1, 9).map(Number);
  const total = cpu.reduce((a, b) => a + b, 0);
  return { busy: total - cpu[3] - cpu[4], total };
}

async function pgXacts(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // The statistics a backend collected reach the view within a second of its transaction (or at its idle).
    const r = await client.query(
      "SELECT sum(xact_commit)::bigint AS n FROM pg_stat_database WHERE datname = current_database()",
    );
    return Number(r.rows[0].n);
  } finally {
    await client.end();
  }
}

async function redisCommands(url: string): Promise<number> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await client.connect();
  try {
    const info = await client.info("stats");
    return Number(/total_commands_processed:(\d+)/.exec(info)?.[1] ?? NaN);
  } finally {
    client.disconnect();
  }
}

async function snapshot(portals: PortalProcess[], stores?: ClusterStores): Promise<Snapshot> {
  return {
    portalTicks: portals.map((p) => treeTicks(p.pid)),
    machine: machineTicks(),
    xacts: stores && (await pgXacts(stores.databaseUrl)),
    redisCommands: stores && (await redisCommands(stores.redisUrl)),
    accessLogBytes: stores && statSync(stores.accessLog).size,
  };
}

/** The requests of the access log written since `from` bytes, by the instance that answered (upstream=host:port). */
function answeredBy(accessLog: string, from: number): Map<string, number> {
  const text = readFileSync(accessLog).subarray(from).toString("utf8");
  const counts = new Map<string, number>();
  for (const m of text.matchAll(/ upstream=(\S+)/g)) counts.set(m[1], (counts.get(m[1]) ?? 0) + 1);
  return counts;
}

export interface PhaseCost {
  /** The lines for the report, once the phase has settled: `requests` the users made. */
  lines(requests: number): Promise<string[]>;
}

export async function measureCost(portals: PortalProcess[], stores?: ClusterStores): Promise<PhaseCost> {
  const before = await snapshot(portals, stores);
  return {
    async lines(requests) {
      const after = await snapshot(portals, stores);
      return [
        cpuLine(portals, before, after, requests),
        rssLine(portals),
        ...clusterLines(before, after, requests, stores),
      ];
    },
  };
}

function cpuLine(portals: PortalProcess[], before: Snapshot, after: Snapshot, requests: number): string {
  const perRequest = (ticks: number) => fmt(((ticks / TICKS_PER_SECOND) * 1000) / requests, 1);
  const ticks = after.portalTicks.map((t, i) => t - before.portalTicks[i]);
  const each = ticks.map((t, i) => `${portals[i].name} ${perRequest(t)}`).join(", ");
  const busy = after.machine.busy - before.machine.busy;
  const share = (busy / (after.machine.total - before.machine.total)) * 100;
  return (
    "CPU per user request (from the phase's start until it settled, everything it caused): the portal's " +
    `processes ${perRequest(ticks.reduce((a, b) => a + b, 0))} ms (${each}); the whole machine ` +
    `${perRequest(busy)} ms (busy ${fmt(share, 0)} % of its cores' time meanwhile).`
  );
}

const rssLine = (portals: PortalProcess[]) =>
  `RSS after settling (MiB): ${portals.map((p) => `${p.name} ${fmt(treeRssMiB(p.pid), 0)}`).join(", ")}.`;

function clusterLines(before: Snapshot, after: Snapshot, requests: number, stores?: ClusterStores): string[] {
  if (!stores || before.xacts === undefined || after.xacts === undefined) return [];
  const xacts = after.xacts - before.xacts;
  const commands = (after.redisCommands ?? 0) - (before.redisCommands ?? 0);
  const served = [...answeredBy(stores.accessLog, before.accessLogBytes ?? 0)].sort(([a], [b]) => a.localeCompare(b));
  return [
    `PostgreSQL transactions per user request: ${fmt(xacts / requests, 2)} (${xacts} committed in the cluster's ` +
      `database); Redis commands per user request: ${fmt(commands / requests, 2)} (${commands}).`,
    "Requests the proxy passed on, by instance (the phase's background work included): " +
      `${served.map(([at, n]) => `${at} ${n}`).join(", ")}.`,
  ];
}
