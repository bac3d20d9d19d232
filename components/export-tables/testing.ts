/**
 * For the exports' tests: a user's study on the in-process partner service, as openUserStudy gives it to a source,
 * and a source's rows read whole.
 */
import type { TableRequest } from "@/lib/export/export-sources";
import type { PartnerCredentials } from "@/lib/partner-api/credentials";
import type { StudyCache } from "@/lib/study-cache/study-cache";
import type { UserStudy } from "@/lib/study-views/open-user-study";
import { cachedStudy } from "@/lib/study-views/study-rows";
import { EXPORT_SOURCES } from "./export-sources";

export function testUserStudy(cache: StudyCache, creds: PartnerCredentials, study: string): UserStudy {
  return {
    ...cachedStudy(cache, creds, study),
    study,
    listed: true,
    connection: {
      id: "c1",
      name: "Northstar",
      baseUrl: "http://partner.test",
      partnerId: "NORTHSTAR",
      clientId: "northstar-portal",
      studies: [study],
      createdAt: "",
      updatedAt: "",
    },
    refresh: async () => ({ status: "refused" }),
    progress: () => [],
  };
}

/** The export of a view's table for a page query: its columns' headers and every row. */
export async function exported(access: UserStudy, view: string, table: string, query = "", subject?: string) {
  const request: TableRequest = { view, table, params: new URLSearchParams(query), subject };
  const t = await EXPORT_SOURCES.prepare(access, request);
  if (!t) throw new Error(`no table ${view}:${table}`);
  return { table: t, headers: t.columns.map((c) => c.header), rows: [...t.rows()] };
}
