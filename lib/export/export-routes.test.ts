/**
 * The export routes as the browser reaches them: a start or a cancel from another site is refused (403, in words)
 * before anything else, while the portal's own page and a program without Origin pass on to the session and the
 * job; a start answers before any row is read (the order is the job's, off the rendering thread); a user's starts
 * beyond the limit a minute get 429 with Retry-After.
 */
import { setImmediate as nextTurn } from "node:timers/promises";
import { describe, expect, it, vi } from "vitest";
import type { SessionUser } from "@/lib/auth/session-user";
import { SlidingWindowLimit } from "@/lib/coordination/sliding-window";
import { CROSS_ORIGIN_REFUSAL } from "@/lib/http/same-origin";
import type { TableColumn } from "@/lib/tables/server-table";
import type { RunningJob } from "./export-jobs";
import { cancelRoute, startRoute } from "./export-routes";
import type { ExportSources } from "./export-sources";
import { SORT_HERE_UP_TO } from "./row-order";
import { startExport } from "./start-export";
import { tableExport } from "./table-export";
import { jobsOnSqlite } from "./testing";

const ANA: SessionUser = { id: 1, email: "ana@example.org", name: "Ana", role: "user" };
vi.mock("@/lib/auth/dal", () => ({ currentUser: async () => ANA }));
vi.mock("@/lib/audit/request-address", () => ({ requestAddress: async () => "192.0.2.7" }));
vi.mock("@/lib/study/study-cache-instance", () => ({ studyCache: () => ({}) }));
vi.mock("@/lib/store/portal-store", () => ({ portalStore: async () => ({}) }));
vi.mock("@/lib/db/user-settings", () => ({ userSettings: async () => ({ csvBom: false }) }));
vi.mock("@/lib/study/open-user-study", () => ({
  openUserStudy: async () => ({
    study: "ONC-101",
    listed: true,
    connection: { id: "c1", name: "Northstar", partnerId: "NORTHSTAR" },
  }),
}));

const HOST = "127.0.0.1:3100";
const PAGE = { origin: `http://${HOST}`, host: HOST };
const ELSEWHERE = { origin: "https://evil.example", host: HOST };
const BODY = {
  connectionId: "c1",
  study: "ONC-101",
  view: "laboratory",
  table: "all-results",
  format: "csv",
  query: "",
};

const t = jobsOnSqlite("export-routes-");

const post = (headers: Record<string, string>, body: unknown = BODY) =>
  new Request(`http://${HOST}/exports`, { method: "POST", headers, body: JSON.stringify(body) });
const del = (job: RunningJob, headers: Record<string, string>) =>
  [
    new Request(`http://${HOST}/exports/${job.id}`, { method: "DELETE", headers }),
    { params: Promise.resolve({ jobId: job.id }) },
  ] as const;

/** Sources that give a large laboratory table sorted by its value, counting the cells read. */
function sources() {
  const rows = Array.from({ length: 3 * SORT_HERE_UP_TO }, (_, i) => ({ value: (i * 7919) % 1000 }));
  const read = vi.fn((r: { value: number }) => r.value);
  const columns: TableColumn<{ value: number }>[] = [{ id: "value", header: "Value", type: "number", value: read }];
  const prepare = vi.fn(async (_access: unknown, request: { params: URLSearchParams }) =>
    tableExport({ columns, rows, state: { columns: ["value"], pageSizes: [25] } }, request.params, {
      title: "Every result",
      fileLabel: "laboratory-results",
      asOf: 0,
    }),
  );
  const s: ExportSources = { prepare, pack: vi.fn(), explain: () => ({ status: 500, message: "failed" }) };
  return { sources: s, prepare, read };
}

async function running(): Promise<RunningJob> {
  const spec = { connectionId: "c1", study: "ONC-101", view: "laboratory", table: "results", format: "csv" as const };
  const opened = await t.jobs.open(ANA.id, spec);
  if (!("job" in opened)) throw new Error(opened.refused);
  return opened.job;
}

describe("the export routes' origin check", () => {
  it("refuses a start from another site before anything is looked up", async () => {
    const { sources: s, prepare } = sources();
    const res = await startRoute(s, () => t.jobs)(post(ELSEWHERE));
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: CROSS_ORIGIN_REFUSAL });
    expect(prepare).not.toHaveBeenCalled();
    expect(t.jobs.running()).toEqual([]);
  });

  it("refuses a cancel from another site: the job goes on", async () => {
    const job = await running();
    const res = await cancelRoute(() => t.jobs)(...del(job, ELSEWHERE));
    expect(res.status).toBe(403);
    expect(job.state).toBe("running");
  });

  it("cancels for the portal's own page, and for a program that sends no Origin", async () => {
    for (const headers of [PAGE, { host: HOST }]) {
      const job = await running();
      const res = await cancelRoute(() => t.jobs)(...del(job, headers));
      expect(res.status).toBe(200);
      expect(job.state).toBe("cancelled");
    }
  });
});

describe("an export's start", () => {
  it("answers before any row is read: the rows are ordered by the job, later", async () => {
    const { sources: s, read } = sources();
    const res = await startRoute(s, () => t.jobs)(post(PAGE, { ...BODY, query: "sort=value.desc" }));
    expect(res.status).toBe(202);
    expect(await res.json()).toMatchObject({ state: "running", total: null });
    expect(read).not.toHaveBeenCalled();
    const [job] = t.jobs.running();
    await t.jobs.cancel(ANA.id, job.id);
    await nextTurn();
  });

  it("refuses a user's starts beyond the limit a minute with 429, Retry-After and what to do", async () => {
    let clock = 0;
    const starts = new SlidingWindowLimit<number>({ perWindow: 2, windowMs: 60_000, now: () => clock });
    const { sources: s, prepare } = sources();
    const start = () => startExport(ANA, post(PAGE, { ...BODY, table: "nosuch" }), s, t.jobs, starts);
    prepare.mockResolvedValue(undefined as never);
    expect((await start()).status).toBe(404);
    clock = 20_000;
    expect((await start()).status).toBe(404);
    clock = 30_000;
    const refused = await start();
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("30");
    expect((await refused.json()).error).toBe(
      "You have started as many exports in the last minute as the portal allows. " +
        "Wait 30 seconds, then start this one again.",
    );
    expect(prepare).toHaveBeenCalledTimes(2);
    // Another user is not held back by Ana's starts.
    const bo = { ...ANA, id: 2 };
    expect((await startExport(bo, post(PAGE, { ...BODY, table: "nosuch" }), s, t.jobs, starts)).status).toBe(404);
    clock = 60_000;
    expect((await start()).status).toBe(404);
  });
});
