/**
 * The subject list's export holds the rows the page's table shows for the same URL state, across all pages: the
 * browser's table (components/data-table/use-data-table.ts) orders the page's plain rows, the export orders the
 * cached rows, and both must give the same rows in the same order.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadSubjectList } from "@/lib/study/subject-list";
import { SUBJECT_LIST_COLUMNS, SUBJECT_LIST_STATE, subjectListDef } from "@/lib/study/subject-list-columns";
import { cacheWithLog } from "@/lib/study/testing";
import { plainRows, plainTableDef } from "@/lib/tables/table-def";
import { parseTableState } from "@/lib/tables/url-state";
import { createTestService, credsOf, northstar, type TestService } from "@/partner-service/testing";
import { browserRows, exported, testUserStudy } from "@/sections/export-testing";
import { reviewedPlainTable } from "@/sections/frame/reviewed-table";

let t: TestService;
beforeAll(async () => {
  t = await createTestService({ data: { subjects: 12, visits: 2 } });
});
afterAll(() => t.db.close());

/** What the browser's table shows for a query, all pages joined, cell by cell: the list reviewed, as on the page. */
async function onScreen(access: ReturnType<typeof testUserStudy>, query: string) {
  const view = await loadSubjectList(access);
  const columns = SUBJECT_LIST_COLUMNS.map(({ id, header, type }) => ({ id, header, type }));
  const table = await reviewedPlainTable(
    {
      caption: "",
      columns,
      rows: plainRows(subjectListDef(view)),
      records: { recordType: "Patient", keyProperty: "subjectId" },
    },
    access,
  );
  // The list's URL state: its own parameters, the Review column's among them.
  expect(parseTableState(new URLSearchParams(query), SUBJECT_LIST_STATE)).toEqual(
    parseTableState(new URLSearchParams(query), plainTableDef(table).state!),
  );
  return browserRows(table, query);
}

describe("the subject list's export", () => {
  const queries = [
    "",
    "sort=birthYear.desc",
    "sort=sex.asc,birthYear.desc&page=2&size=10",
    "f_sex=fem&sort=subjectId.desc",
    "q=101&f_adverseEvents=%3E1",
    "f_subjectId=nobody",
    "f_review=%3DNot%20reviewed&sort=birthYear.asc",
  ];
  it.each(queries)("holds the rows the page shows for %j", async (query) => {
    const access = testUserStudy(cacheWithLog(t.fetch).cache, credsOf(northstar), "ONC-101");
    const { rows } = await exported(access, "subjects", "list", query);
    expect(rows).toEqual(await onScreen(access, query));
  });

  it("names its columns with their variables and the study's subjects in the title", async () => {
    const access = testUserStudy(cacheWithLog(t.fetch).cache, credsOf(northstar), "ONC-101");
    const { table, rows } = await exported(access, "subjects", "list", "f_sex=%3DMale");
    expect(table.title).toBe("Subjects of study ONC-101");
    expect(table.columns.slice(0, 4).map((c) => [c.header, c.variable])).toEqual([
      ["Review", undefined],
      ["Subject ID", "SUBJID"],
      ["Subject study number", undefined],
      ["Sex", "SEX"],
    ]);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r[3] === "Male")).toBe(true);
    // Nothing is marked: every subject with a Patient is not reviewed.
    expect(new Set(rows.map((r) => r[0]))).toEqual(new Set(["Not reviewed"]));
    expect(table.filters).toEqual([`Filter Sex: "=Male"`]);
  });
});
