/**
 * A server table's rows carry their element IDs when the page gives them (ServerDataTableProps.rowId), so that a
 * link to `#<id>` from another page lands on the row; without them, no row has an ID.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { ROW_ID, type TablePage } from "@/lib/tables/server-table";
import { ServerDataTable } from "./ServerDataTable";

vi.mock("next/navigation", () => ({
  useRouter: () => ({ replace: () => {}, push: () => {} }),
  usePathname: () => "/studies/c1/ONC-101/adverse-events",
  useSearchParams: () => new URLSearchParams(),
}));

const page: TablePage = {
  rows: [
    { key: "E1", [ROW_ID]: "ae-E1" },
    { key: "E2", [ROW_ID]: "ae-E2" },
  ],
  columns: [{ id: "key", header: "Record" }],
  total: 2,
  filtered: 2,
  pageIndex: 0,
  pageSize: 25,
};

describe("a server table's rows", () => {
  it("carry the element IDs the page gives", () => {
    const html = renderToStaticMarkup(<ServerDataTable caption="Events" page={page} rowId={ROW_ID} />);
    expect(html).toContain('<tr id="ae-E1">');
    expect(html).toContain('<tr id="ae-E2">');
  });

  it("carry none without a rowId", () => {
    const html = renderToStaticMarkup(<ServerDataTable caption="Events" page={page} />);
    expect(html).not.toContain('id="ae-E');
  });
});
