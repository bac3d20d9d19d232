/**
 * A table's export holds exactly the rows its page shows across all pages: the URL state's filters, search and
 * sort (worked out by hand below), whatever page the URL names, with the state in words for the About sheet; the
 * file name says study, view and data date, with safe characters only.
 */
import { describe, expect, it } from "vitest";
import type { TableColumn } from "@/lib/tables/server-table";
import type { TableDef } from "@/lib/tables/table-def";
import { exportFileName } from "./export-file-name";
import { tableExport } from "./table-export";

interface R {
  subject: string;
  value: number | null;
}
const columns: TableColumn<R>[] = [
  { id: "subject", header: "Subject", variable: "SUBJID", value: (r) => r.subject },
  { id: "value", header: "Result", variable: "LBORRES", type: "number", value: (r) => r.value },
];
const rows: R[] = [
  { subject: "101-0002", value: 7 },
  { subject: "101-0010", value: null },
  { subject: "102-0001", value: 3 },
  { subject: "101-0001", value: 12 },
  { subject: "101-0003", value: null },
];
const def: TableDef<R> = { columns, rows, state: { columns: ["subject", "value"], pageSizes: [2, 25], prefix: "r_" } };
const meta = { title: "Results", fileLabel: "results", asOf: 0 };
const cells = (query: string) => [...tableExport(def, new URLSearchParams(query), meta).rows()];

describe("tableExport", () => {
  it("writes every row in the partner's order when the state is the default", () => {
    expect(cells("")).toEqual([
      ["101-0002", 7],
      ["101-0010", null],
      ["102-0001", 3],
      ["101-0001", 12],
      ["101-0003", null],
    ]);
  });

  it("writes a number that is not finite as no value", () => {
    const odd = tableExport(
      { columns, rows: [{ subject: "S", value: Number.POSITIVE_INFINITY }] },
      new URLSearchParams(),
      meta,
    );
    expect([...odd.rows()]).toEqual([["S", null]]);
  });

  it("applies the filters and the sort of the table's own parameters, over all pages", () => {
    // Subjects containing "101-", results sorted largest first, blanks last in the partner's order; the page the
    // URL names (2 of size 2) and another table's sort are ignored.
    expect(cells("r_f_subject=101-&r_sort=value.desc&r_page=2&r_size=2&sort=subject.asc")).toEqual([
      ["101-0001", 12],
      ["101-0002", 7],
      ["101-0010", null],
      ["101-0003", null],
    ]);
    expect(cells("r_f_value=%3C10&r_sort=subject.asc")).toEqual([
      ["101-0002", 7],
      ["102-0001", 3],
    ]);
  });

  it("counts the rows and says the state in words, with the variable names in the columns", () => {
    const t = tableExport(def, new URLSearchParams("r_q=0001&r_sort=value.desc,subject.asc"), {
      ...meta,
      filters: ["Test: ALT"],
    });
    expect(t.count).toBe(2);
    expect(t.filters).toEqual([
      "Test: ALT",
      'Search all columns: "0001"',
      "Sorted by Result descending, then Subject ascending",
    ]);
    expect(t.columns).toEqual([
      { header: "Subject", variable: "SUBJID", type: undefined },
      { header: "Result", variable: "LBORRES", type: "number" },
    ]);
  });

  it("writes the rows in their order when the table has no URL state", () => {
    const fixed = tableExport({ columns, rows: rows.slice(0, 2) }, new URLSearchParams("sort=value.asc"), meta);
    expect([...fixed.rows()]).toEqual([
      ["101-0002", 7],
      ["101-0010", null],
    ]);
    expect(fixed.filters).toEqual([]);
  });

  it("names the records its filters pass in the rows' own order, whatever the sort", () => {
    const keyed: TableDef<R> = { ...def, records: { recordType: "laboratory", key: (r) => `key-${r.subject}` } };
    const records = (query: string) => tableExport(keyed, new URLSearchParams(query), meta).records?.keys();
    // Subjects containing "101-" (rows 1, 2, 4 and 5), the sort by result ignored.
    expect(records("r_f_subject=101-&r_sort=value.desc")).toEqual([
      "key-101-0002",
      "key-101-0010",
      "key-101-0001",
      "key-101-0003",
    ]);
    expect(records("r_sort=subject.asc")).toEqual([
      "key-101-0002",
      "key-101-0010",
      "key-102-0001",
      "key-101-0001",
      "key-101-0003",
    ]);
  });
});

describe("exportFileName", () => {
  const asOf = Date.UTC(2026, 10, 23, 23, 59);
  const cases: [string, string, "csv" | "xlsx", string][] = [
    ["ONC-101", "laboratory-results", "csv", "ONC-101_laboratory-results_2026-11-23.csv"],
    ["ONC-101", "adverse events/listing", "xlsx", "ONC-101_adverse-events-listing_2026-11-23.xlsx"],
    ["..", '"; filename=x.exe', "csv", "filename-x.exe_2026-11-23.csv"],
    ["", "", "csv", "2026-11-23.csv"],
  ];
  it.each(cases)("%s + %s (%s) -> %s", (study, label, format, name) =>
    expect(exportFileName(study, label, asOf, format)).toBe(name),
  );
});
