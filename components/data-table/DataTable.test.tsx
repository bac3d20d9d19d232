/**
 * A cell that carries the table's view to the page it opens (the subject list's subject IDs, so that the profile
 * leads on through the list in its order) carries that table's own state as the table read it, not the page's
 * address as it came: the address is repeated in every row's link.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import type { DataColumn, DataRow } from "@/lib/tables/types";
import { DataTable } from "./DataTable";

let search = new URLSearchParams();
vi.mock("next/navigation", () => ({
  useParams: () => ({ connectionId: "c1", study: "ONC-101" }),
  useRouter: () => ({ replace: () => {}, push: () => {} }),
  usePathname: () => "/studies/c1/ONC-101",
  useSearchParams: () => search,
}));

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
  search = new URLSearchParams(query);
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
    const html = render("");
    const disabled = (tag: string) => html.match(new RegExp(`<${tag}\\b[^>]*\\bdisabled=""`, "g"))?.length ?? 0;
    expect(disabled("select")).toBe(1);
    expect(disabled("input")).toBe(3); // the search, and the filters of the 2 columns
    // The 2 sort buttons, Clear (nothing to clear), Previous and Next; the export's buttons are the export's own.
    expect(
      html.match(/<button\b[^>]*\bdisabled=""[^>]*>(Subject ID|Sex|Clear sorting|Previous page|Next page)/g),
    ).toHaveLength(5);
  });
});
