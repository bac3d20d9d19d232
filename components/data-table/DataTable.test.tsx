/**
 * A cell that carries the table's view to the page it opens (the subject list's subject IDs, so that the profile
 * leads on through the list in its order) carries that table's own state as the table read it, not the page's
 * address as it came: the address is repeated in every row's link.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { packRows } from "@/lib/tables/packed-rows";
import type { DataColumn, DataRow } from "@/lib/tables/types";
import { DataTable } from "./DataTable";
import { sharedRowsKept } from "./shared-rows";
import { setSearch } from "./testing";

vi.mock("next/navigation", () => import("./testing").then((t) => t.studyPageNavigation));

const columns: DataColumn[] = [
  { id: "subjectId", header: "Subject ID", href: "profile", carryQuery: true },
  { id: "sex", header: "Sex" },
];
const rows: DataRow[] = ["S1", "S2", "S3"].map((id, i) => ({
  subjectId: id,
  sex: i % 2 ? "Male" : "Female",
  profile: `/studies/c1/ONC-101/subjects/${id}`,
}));

function render(query: string, urlPrefix?: string) {
  setSearch(query);
  return renderToStaticMarkup(
    <DataTable
      caption="Subjects"
      columns={columns}
      rows={rows}
      exportAs={{ view: "subjects", table: "list" }}
      urlPrefix={urlPrefix}
    />,
  );
}

describe("a cell that carries the table's view", () => {
  it("carries the table's sort, filters, search and page", () => {
    const html = render("sort=sex.desc&f_sex=ale&q=S&size=10");
    expect(html).toContain('href="/studies/c1/ONC-101/subjects/S1?sort=sex.desc&amp;f_sex=ale&amp;q=S&amp;size=10"');
  });

  it("carries nothing when the table is in its default view", () =>
    expect(render("")).toContain('href="/studies/c1/ONC-101/subjects/S1"'));

  it.each([
    ["a parameter the table does not know", `unknown=${"z".repeat(300)}`],
    ["a filter of a column it does not have", `f_nosuch=${"z".repeat(150)}`],
    ["a sort it does not understand", `sort=${"z".repeat(150)}`],
    ["another table's state", `other_q=${"z".repeat(150)}`],
  ])("does not repeat %s in every row", (_name, query) => {
    // Not toContain: its failure would print the whole table.
    expect(render(`sort=sex.asc&${query}`).includes("zzzz")).toBe(false);
  });
});

describe("the table's controls in the server's HTML", () => {
  // Before the page's script runs, a click there would do nothing: they are disabled until it does.
  it("are disabled: the sort buttons, the filters, the search, the pager's buttons and its page size", () => {
    // More than ten rows: a smaller table is lean, without filters, search or pager (./lean.ts).
    setSearch("");
    const eleven = Array.from({ length: 11 }, (_, i) => ({ ...rows[i % rows.length], subjectId: `S${i + 1}` }));
    const html = renderToStaticMarkup(
      <DataTable caption="Subjects" columns={columns} rows={eleven} exportAs={{ view: "subjects", table: "list" }} />,
    );
    const disabled = (tag: string) => html.match(new RegExp(`<${tag}\\b[^>]*\\bdisabled=""`, "g"))?.length ?? 0;
    expect(disabled("select")).toBe(1);
    expect(disabled("input")).toBe(3); // the search, and the filters of the 2 columns
    // The 2 sort buttons, Clear (nothing to clear), Previous and Next; the export's buttons are the export's own.
    expect(
      html.match(/<button\b[^>]*\bdisabled=""[^>]*>(Subject ID|Sex|Clear sorting|Previous page|Next page)/g),
    ).toHaveLength(5);
  });
});

describe("a table of many rows", () => {
  const many: DataRow[] = Array.from({ length: 1000 }, (_, i) => ({
    subjectId: `S${String(i + 1).padStart(4, "0")}`,
    sex: i % 2 ? "Male" : "Female",
    profile: `/studies/c1/ONC-101/subjects/S${i + 1}`,
  }));
  const renderMany = (query: string) => {
    setSearch(query);
    // Packed, as a server component hands them over.
    return renderToStaticMarkup(
      <DataTable caption="Subjects" columns={columns} rows={packRows(many)} exportAs={null} />,
    );
  };
  const bodyRows = (html: string) =>
    html.slice(html.indexOf("<tbody>"), html.indexOf("</tbody>")).match(/<tr\b/g) ?? [];

  it("shows the page asked for, counted among the rows that pass the filters", () => {
    // Females are the even places (S0001, S0003, ...): 500; the third page of 25 is their 51st to 75th.
    const html = renderMany("f_sex=female&page=3");
    expect(bodyRows(html)).toHaveLength(25);
    expect(html).toContain(">S0101<");
    expect(html).toContain(">S0149<");
    expect(html).not.toContain(">S0099<");
    expect(html).not.toContain(">S0151<");
    expect(html).toContain("Rows 51–75 of 500 (filtered from 1,000)");
    expect(html).toContain("Page 3 of 20");
  });

  it("in the order of its sort", () => {
    // Sorted by ID descending, the first page of 10 is S1000 down to S0991.
    const html = renderMany("sort=subjectId.desc&size=10");
    expect(bodyRows(html)).toHaveLength(10);
    expect(html.indexOf(">S1000<")).toBeLessThan(html.indexOf(">S0991<"));
    expect(html).not.toContain(">S0990<");
  });

  it("shows the last page for a page past it, as its pager says", () => {
    const html = renderMany("page=99");
    expect(bodyRows(html)).toHaveLength(25);
    expect(html).toContain(">S0976<");
    expect(html).toContain(">S1000<");
    expect(html).toContain("Rows 976–1,000 of 1,000");
    expect(html).toContain("Page 40 of 40");
  });

  it("reads its packed rows back through the server's shared rows: once per text", () => {
    renderMany("");
    const kept = sharedRowsKept().texts;
    renderMany("sort=subjectId.desc");
    expect(sharedRowsKept().texts).toBe(kept);
    setSearch("");
    renderToStaticMarkup(<DataTable caption="Subjects" columns={columns} rows={packRows(rows)} exportAs={null} />);
    expect(sharedRowsKept().texts).toBe(kept + 1);
  });
});
