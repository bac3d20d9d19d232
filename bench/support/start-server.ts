/** Starting a production server on a given database for benchmarks, and reading its memory. */

import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { setPriority } from "node:os";
import { idleThreadPolicy } from "@/lib/runtime/thread-priority";

export interface BenchServer {
  baseUrl: string;
  pid: number;
  stop(): Promise<void>;
}

export function ensureBuild(): void {
  if (existsSync(".next/BUILD_ID")) return;
  console.log("No production build found: running next build…");
  execFileSync("npx", ["next", "build"], { stdio: "inherit" });
}

/** The portal database of the server on `port`: a file of its own, made anew at each start. */
export const portalDbPathOf = (port: number) => `bench-data/portal-${port}.db`;

/** The app as `npm start` runs it (server/start.sh execs node, so the child is the server process itself). */
export async function startServer(port: number, env: Record<string, string>): Promise<BenchServer> {
  const baseUrl = `http://127.0.0.1:${port}`;
  // Each run has throw-away keys: a portal database of an earlier run holds secrets they cannot open.
  for (const suffix of ["", "-wal", "-shm"]) rmSync(`${portalDbPathOf(port)}${suffix}`, { force: true });
  const child: ChildProcess = spawn("bash", ["server/start.sh", "-p", String(port)], {
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_BASE_URL: baseUrl,
      // The portal half of the app refuses to start without its secrets; a benchmark gets throw-away ones.
      NEXTAUTH_SECRET: randomBytes(32).toString("base64"),
      PORTAL_SECRET_KEY: randomBytes(32).toString("base64"),
      PORTAL_DB_PATH: portalDbPathOf(port),
      NEXTAUTH_URL: baseUrl,
      // The benchmark databases hold the demo partners, whose secrets are published: the server serves them only
      // in demo mode.
      DEMO_MODE: "1",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("server did not start within 180 s");
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseUrl,
    pid: child.pid!,
    stop: () =>
      new Promise((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

function rssKb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

/** A process and all its descendants. */
export function processTree(root: number): number[] {
  const parents = new Map<number, number>();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      parents.set(Number(name), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {
      // process ended while listing
    }
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) for (const [pid, ppid] of parents) if (ppid === tree[i]) tree.push(pid);
  return tree;
}

/** Resident memory of a process and all its descendants, in MiB. */
export function treeRssMiB(root: number): number {
  return processTree(root).reduce((sum, pid) => sum + rssKb(pid), 0) / 1024;
}

/**
 * Gives every thread of a process and its descendants the nice value `nice` (Linux keeps one per thread, so each
 * of /proc/<pid>/task is set) and, with `idle`, the SCHED_IDLE policy (lib/runtime/thread-priority.ts; threads the
 * process starts later inherit it). For a partner service that shares the benchmark's machine with the portal.
 */
export function deprioritise(root: number, nice: number, idle = false): void {
  for (const pid of processTree(root)) {
    let tids: string[] = [];
    try {
      tids = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue; // ended while listing
    }
    for (const tid of tids) {
      try {
        setPriority(Number(tid), nice);
        if (idle) idleThreadPolicy(Number(tid));
      } catch {
        // a thread that ended meanwhile
      }
    }
  }
}

/** The largest resident memory a process has had (its high-water mark, VmHWM), in MiB. */
export function peakRssMiB(pid: number): number {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) / 1024 : 0;
}

/** A process's resident memory by kind, in MiB: anonymous (heaps), file-backed (code, mapped files), shared. */
export function rssBreakdownMiB(pid: number): { anon: number; file: number; shmem: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) / 1024;
  return { anon: kb("RssAnon"), file: kb("RssFile"), shmem: kb("RssShmem") };
}

/** The portal, and unless `embedded` the partner service in a process of its own that the demo connection uses. */
export async function startServers(portalPort: number, servicePort: number, embedded: boolean, dbPath: string) {
  const service = embedded
    ? undefined
    : await startServer(servicePort, {
        PARTNER_DB_PATH: dbPath,
        PARTNER_RATE_LIMIT_PER_MINUTE: "0",
        PARTNER_ROWS_PER_MINUTE: "0",
      });
  const server = await startServer(
    portalPort,
    service
      ? // The portal's own embedded service gets a small demo database; the demo connection points at the other.
        { PARTNER_DB_PATH: `bench-data/portal-${portalPort}-partner.db`, DEMO_PARTNER_BASE_URL: service.baseUrl }
      : { PARTNER_DB_PATH: dbPath, PARTNER_RATE_LIMIT_PER_MINUTE: "0", PARTNER_ROWS_PER_MINUTE: "0" },
  );
  return { service, server };
}
