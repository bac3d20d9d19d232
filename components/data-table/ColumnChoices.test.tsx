/**
 * The signed-in user's column choices reach a table in the server's HTML (./ColumnChoices.tsx): the page is drawn
 * with the user's columns from the first paint, a table keeps to its own choice, and one without an export key (or a
 * page outside the signed-in shell) has its defaults. The chooser says when a choice was not kept, and why.
 */
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import type { TableColumnChoices } from "@/lib/db/table-column-rules";
import type { DataColumn, DataRow } from "@/lib/tables/types";
import { ColumnChoicesProvider } from "./ColumnChoices";
import { ColumnChooser } from "./ColumnChooser";
import { DataTable } from "./DataTable";
import { ServerDataTable } from "./ServerDataTable";

vi.mock("next/navigation", () => ({
  useParams: () => ({ connectionId: "c1", study: "ONC-101" }),
  useRouter: () => ({ replace: () => {}, push: () => {} }),
  usePathname: () => "/studies/c1/ONC-101",
  useSearchParams: () => new URLSearchParams(),
}));

const columns: DataColumn[] = [
  { id: "subject", header: "Subject", priority: "key" },
  { id: "sex", header: "Sex" },
  { id: "median", header: "Median", type: "number", priority: "hidden-by-default" },
];
const rows: DataRow[] = [{ subject: "ONC-101-0001", sex: "F", median: 4 }];
const SUBJECTS = { view: "subjects", table: "list" };
const CHOSEN: TableColumnChoices = { "subjects.list": { sex: false, median: true } };

const inShell = (choices: TableColumnChoices, table: ReactNode) =>
  renderToStaticMarkup(<ColumnChoicesProvider initial={choices}>{table}</ColumnChoicesProvider>);
const plain = (exportAs: { view: string; table: string } | null) => (
  <DataTable caption="Subjects" columns={columns} rows={rows} exportAs={exportAs} />
);
const heads = (html: string) => [...html.matchAll(/<th[^>]*>.*?<button[^>]*>([^<]+)</g)].map((m) => m[1]);

describe("a table in the signed-in shell", () => {
  it("is drawn by the server with the user's choice of its columns", () => {
    const html = inShell(CHOSEN, plain(SUBJECTS));
    expect(heads(html)).toEqual(["Subject", "Median"]);
    expect(html).toContain("Columns (2 of 3 shown)");
    expect(html).toMatch(/type="checkbox"(?![^>]*checked)[^>]*\/><label[^>]*>Sex</);
    expect(html).toMatch(/type="checkbox"[^>]*checked=""[^>]*\/><label[^>]*>Median</);
  });

  it("paged on the server, too", () => {
    const page = { rows, columns, total: 1, filtered: 1, pageIndex: 0, pageSize: 25 };
    const html = inShell(CHOSEN, <ServerDataTable caption="Subjects" page={page} exportAs={SUBJECTS} />);
    expect(heads(html)).toEqual(["Subject", "Median"]);
  });

  it("keeps to its own table's choice", () => {
    const html = inShell(CHOSEN, plain({ view: "adverse-events", table: "listing" }));
    expect(heads(html)).toEqual(["Subject", "Sex"]);
  });

  it("has its defaults without an export key, or outside the shell", () => {
    expect(heads(inShell(CHOSEN, plain(null)))).toEqual(["Subject", "Sex"]);
    expect(heads(renderToStaticMarkup(plain(SUBJECTS)))).toEqual(["Subject", "Sex"]);
  });
});

describe("the chooser", () => {
  const choice = (unsaved: string | null) => ({
    shown: columns.slice(0, 2),
    choices: {},
    unsaved,
    choose: () => {},
    reset: () => {},
  });
  const chooser = (unsaved: string | null) =>
    renderToStaticMarkup(<ColumnChooser tableId="t" columns={columns} choice={choice(unsaved)} inUse={new Set()} />);

  it("says when the choice was not kept for the next visit, and why", () => {
    expect(chooser("Your session has ended. Sign in again, then try again.")).toContain(
      "These columns are not saved for your next visit. Your session has ended. Sign in again, then try again.",
    );
    expect(chooser(null)).not.toContain("not saved");
  });
});
