/**
 * For the exports' tests: a user's study on the in-process partner service, as openUserStudy gives it to a source,
 * and a source's rows read whole.
 */
import type { TableRequest } from "@/lib/export/export-sources";
import { organisationOf } from "@/lib/review/organisation";
import { studyViewsOf } from "@/lib/review/study-views";
import type { SnapshotStore } from "@/lib/snapshots/snapshot-store";
import { openPortalDb } from "@/lib/store/sqlite-file";
import { sqliteStore } from "@/lib/store/sqlite-store";
import type { Store } from "@/lib/store/store";
import type { UserStudy } from "@/lib/study/open-user-study";
import { studyHistory } from "@/lib/study/study-history";
import { cachedStudy } from "@/lib/study/study-rows";
import { userReview } from "@/lib/study/user-review";
import type { StudyCache } from "@/lib/study-cache/study-cache";
import { orderedRows, tablePage } from "@/lib/tables/server-table";
import { type PlainTable, plainTableDef, type TableDef } from "@/lib/tables/table-def";
import { parseTableState } from "@/lib/tables/url-state";
import type { PartnerCredentials } from "@/partner-api/credentials";
import { EXPORT_SOURCES } from "@/sections/exports";

/** The connection a test's user reads the study through (its studies aside). */
const CONNECTION = {
  id: "c1",
  name: "Northstar",
  baseUrl: "http://partner.test",
  partnerId: "NORTHSTAR",
  clientId: "northstar-portal",
  studies: [] as string[],
  createdAt: "",
  updatedAt: "",
};

/**
 * `snapshots`: where the cache keeps its snapshots, for the study's history (Changes); none by default. `review`:
 * whose review it is, in which store (docs/review.md), and through which partner ID (another organisation); by
 * default user 1's in a store of its own that has no users, whose marks can be read but none written.
 */
export function testUserStudy(
  cache: StudyCache,
  creds: PartnerCredentials,
  study: string,
  snapshots?: SnapshotStore,
  review?: { store: Store; userId: number; partnerId?: string; now?: () => Date },
): UserStudy {
  const data = cachedStudy(cache, creds, study);
  const history = studyHistory(snapshots, creds, study, () => data.rows("Patient"), {
    kept: () => cache.snapshotsKept(creds, study),
  });
  const { partnerId, now, ...reviewer } = review ?? { store: emptyStore(), userId: 1 };
  // Another partner ID on the same service: another organisation (lib/review/organisation.ts).
  const connection = { ...CONNECTION, studies: [study], ...(partnerId ? { partnerId } : {}) };
  return {
    ...data,
    history,
    study,
    listed: true,
    connection,
    refresh: async () => ({ status: "refused" }),
    progress: () => [],
    review: userReview(
      { ...reviewer, organisation: organisationOf(connection), study, ...(now ? { now } : {}) },
      data,
      history,
    ),
    views: studyViewsOf({
      ...reviewer,
      organisation: organisationOf(connection),
      study,
      served: () => data.rows("Patient"),
    }),
  };
}

let empty: Store | undefined;
const emptyStore = () => {
  empty ??= sqliteStore(openPortalDb(":memory:"));
  return empty;
};

/** The export of a view's table for a page query: its columns' headers and every row. */
export async function exported(access: UserStudy, view: string, table: string, query = "", subject?: string) {
  const request: TableRequest = { view, table, params: new URLSearchParams(query), subject };
  const t = await EXPORT_SOURCES.prepare(access, request);
  if (!t) throw new Error(`no table ${view}:${table}`);
  return { table: t, headers: t.columns.map((c) => c.header), rows: [...t.rows()] };
}

/** What a server table shows for a query, every page joined (pages of 10), cell by cell. */
export function serverPages<R>(def: TableDef<R>, query: string): unknown[][] {
  const state = parseTableState(new URLSearchParams(query), def.state!);
  const out: unknown[][] = [];
  for (let pageIndex = 0; ; pageIndex++) {
    const page = tablePage(def.rows, def.columns, { ...state, pageIndex, pageSize: 10 });
    if (page.pageIndex < pageIndex) return out;
    out.push(...page.rows.map((r) => def.columns.map((c) => r[c.id])));
  }
}

/** What the browser's table shows for a query (components/data-table/use-data-table.ts), all pages, cell by cell. */
export function browserRows(table: PlainTable, query: string): unknown[][] {
  const def = plainTableDef(table);
  const state = parseTableState(new URLSearchParams(query), def.state!);
  return orderedRows(table.rows, def.columns, state).map((r) => table.columns.map((c) => r[c.id]));
}
