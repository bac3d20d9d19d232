/**
 * What a table shows around its rows: a small table is lean (no search, filter row or pager; sorting and export
 * kept), a wide one offers a Columns chooser of its non-key columns, and a pager does not repeat a count the page
 * states. Rendered as the server renders them (no stored column choice applies there).
 */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import type { TablePage } from "@/lib/tables/server-table";
import type { DataColumn, DataRow } from "@/lib/tables/types";
import { DataTable } from "./DataTable";
import styles from "./data-table.module.css";
import { pagerStatus } from "./parts";
import { ServerDataTable } from "./ServerDataTable";
import { setSearch } from "./testing";

vi.mock("next/navigation", () => import("./testing").then((t) => t.studyPageNavigation));

const columns: DataColumn[] = [
  { id: "subject", header: "Subject", priority: "key", nowrap: true },
  { id: "sex", header: "Sex" },
  { id: "median", header: "Median", type: "number", priority: "hidden-by-default" },
];
const rowsOf = (n: number): DataRow[] =>
  Array.from({ length: n }, (_, i) => ({ subject: `ONC-101-${String(i + 1).padStart(4, "0")}`, sex: "F", median: i }));

function table(n: number, query = "", countStated = false) {
  setSearch(query);
  return renderToStaticMarkup(
    <DataTable
      caption="Subjects"
      columns={columns}
      rows={rowsOf(n)}
      exportAs={{ view: "subjects", table: "list" }}
      countStated={countStated}
    />,
  );
}

const CONTROLS = ["Search all columns", ">Filter ", "Rows per page", "Next page"];

describe("a small table", () => {
  it("of 9 rows has no search, no filter row and no pager, and keeps its sorting and export", () => {
    const html = table(9);
    for (const c of CONTROLS) expect(html.includes(c), c).toBe(false);
    expect(html).toContain('aria-sort="none"');
    expect(html).toContain("Export");
    expect(html.match(/<tr/g)).toHaveLength(1 + 9);
  });
  it("of 10 rows shows them all, though its page would hold fewer", () => {
    const html = table(10, "size=10");
    expect(html).toContain("ONC-101-0010");
    expect(html.includes("Rows per page")).toBe(false);
  });
  it("of 11 rows has its search, filter row and pager", () => {
    const html = table(11);
    for (const c of CONTROLS) expect(html.includes(c), c).toBe(true);
  });
  it("without a chooser or an export of its own (a chart's data table) has no toolbar at all", () => {
    setSearch("");
    const plain = columns.map(({ priority, ...c }) => c);
    const html = renderToStaticMarkup(<DataTable caption="Data" columns={plain} rows={rowsOf(3)} exportAs={null} />);
    expect(styles.toolbar).toBeTruthy();
    expect(html.includes(styles.toolbar)).toBe(false);
    expect(table(3).includes(styles.toolbar)).toBe(true);
  });
  it("keeps its controls while a filter from the address narrows it, so that the reader sees and undoes it", () => {
    const html = table(5, "f_sex=F");
    expect(html).toContain('value="F"');
    expect(html).toContain("Clear sorting and filters");
    expect(html).toContain("Rows 1–5 of 5");
  });
});

describe("the Columns chooser", () => {
  it("offers a checkbox for each non-key column, and hides a hidden-by-default one", () => {
    const html = table(3);
    expect(html).toContain("Columns (2 of 3 shown)");
    expect(html).toMatch(/type="checkbox"[^>]*checked=""[^>]*\/><label[^>]*>Sex</);
    expect(html).toMatch(/type="checkbox"(?![^>]*checked)[^>]*\/><label[^>]*>Median</);
    expect(html.includes(">Subject</label>")).toBe(false);
    expect(html.includes(">Median<span")).toBe(false);
    expect(html).toContain(">Subject<span");
  });
  it("shows a hidden column that sorts the rows, and says why it cannot be hidden", () => {
    const html = table(3, "sort=median.desc");
    expect(html).toContain(">Median<span");
    expect(html).toContain("Median (sorts or filters the rows)");
  });
  it("keeps an identifier on one line", () => {
    expect(table(3)).toMatch(/<td class="[^"]*word[^"]*">ONC-101-0001<\/td>/);
  });
});

describe("the pager's count", () => {
  it("says where the page is and how many rows there are", () => {
    expect(pagerStatus(1, 25, 283, 283)).toBe("Rows 1–25 of 283");
    expect(pagerStatus(1, 5, 5, 283)).toBe("Rows 1–5 of 5 (filtered from 283)");
  });
  it("leaves the count to the page that states it, unless the table's own filters narrow the rows", () => {
    expect(pagerStatus(26, 50, 283, 283, true)).toBe("Rows 26–50");
    expect(pagerStatus(1, 5, 5, 283, true)).toBe("Rows 1–5 of 5 (filtered from 283)");
    expect(table(30, "", true)).toContain("Rows 1–25<");
  });
});

describe("a server's table", () => {
  const page = (total: number): TablePage => ({
    rows: rowsOf(Math.min(total, 25)),
    columns,
    total,
    filtered: total,
    pageIndex: 0,
    pageSize: 25,
  });
  const render = (total: number) => {
    setSearch("");
    return renderToStaticMarkup(<ServerDataTable caption="Events" page={page(total)} />);
  };
  it("is lean with ten rows or fewer", () => {
    const html = render(4);
    for (const c of CONTROLS) expect(html.includes(c), c).toBe(false);
    expect(html).toContain("Columns (2 of 3 shown)");
  });
  it("has its controls with more", () => {
    const html = render(40);
    for (const c of CONTROLS) expect(html.includes(c), c).toBe(true);
  });
});
