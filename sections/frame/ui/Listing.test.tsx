/**
 * A listing goes to the browser whole up to its `browserMax` records and is paged by the server above it: the two
 * tables are stood in for by markers that say which one was given what.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { type PackedRows, unpackRows } from "@/lib/tables/packed-rows";
import type { TablePage } from "@/lib/tables/server-table";
import type { TableDef } from "@/lib/tables/table-def";
import { Listing } from "./Listing";

vi.mock("@/components/data-table/DataTable", () => ({
  DataTable: ({ rows, urlPrefix, rowId }: { rows: PackedRows; urlPrefix?: string; rowId?: string }) => (
    <div
      data-table="browser"
      data-prefix={urlPrefix}
      data-ids={
        rowId
          ? unpackRows(rows)
              .map((r) => r[rowId])
              .join(",")
          : undefined
      }
    >
      {unpackRows(rows)
        .map((r) => r.n)
        .join(",")}
    </div>
  ),
}));
vi.mock("@/components/data-table/ServerDataTable", () => ({
  ServerDataTable: ({ page, urlPrefix, rowId }: { page: TablePage; urlPrefix?: string; rowId?: string }) => (
    <div
      data-table="server"
      data-prefix={urlPrefix}
      data-ids={rowId ? page.rows.map((r) => r[rowId]).join(",") : undefined}
    >
      {page.rows.map((r) => r.n).join(",")}
    </div>
  ),
}));

interface Row {
  n: number;
}
const def = (count: number): TableDef<Row> => ({
  columns: [{ id: "n", header: "N", type: "number", value: (r) => r.n }],
  // Given in descending order: a sort in the URL is then seen to apply.
  rows: Array.from({ length: count }, (_, i) => ({ n: count - i })),
  state: { columns: ["n"], pageSizes: [10, 25], prefix: "x_" },
});

const render = (count: number, query: string, more: { browserMax?: number; size?: number } = {}) =>
  renderToStaticMarkup(
    <Listing def={def(count)} caption="N" searchParams={new URLSearchParams(query)} urlPrefix="x_" {...more} />,
  );

describe("a listing", () => {
  it("up to browserMax records, gives the browser every row, whatever the URL's page", () => {
    const html = render(12, "x_page=2", { browserMax: 12 });
    expect(html).toContain('data-table="browser"');
    expect(html).toContain(">12,11,10,9,8,7,6,5,4,3,2,1<");
  });

  it("above browserMax, gives the server's table one page in the URL's state", () => {
    const html = render(13, "x_sort=n.asc&x_size=10&x_page=2", { browserMax: 12 });
    expect(html).toContain('data-table="server" data-prefix="x_"');
    expect(html).toContain(">11,12,13<");
  });

  it("is always the server's without a browserMax, even for one record", () => {
    expect(render(1, "")).toContain('data-table="server"');
  });

  it("gives either table its rows' element IDs when the definition has them, and none otherwise", () => {
    const withIds = (count: number, browserMax: number) =>
      renderToStaticMarkup(
        <Listing
          def={{ ...def(count), rowId: (r) => `n-${r.n}` }}
          caption="N"
          searchParams={new URLSearchParams("x_sort=n.asc&x_size=10")}
          urlPrefix="x_"
          browserMax={browserMax}
        />,
      );
    expect(withIds(3, 3)).toContain('data-ids="n-3,n-2,n-1"');
    // The server's page, sorted by the URL: the IDs of the rows it holds.
    expect(withIds(3, 0)).toContain('data-ids="n-1,n-2,n-3"');
    expect(render(3, "")).not.toContain("data-ids");
  });

  it("chooses by the size it is given (a study's records), not by the rows a filter left", () => {
    const html = render(0, "", { browserMax: 3000, size: 2999 });
    expect(html).toContain('data-table="browser"');
    expect(render(2, "", { browserMax: 3000, size: 3001 })).toContain('data-table="server"');
  });
});
