import { describe, expect, it } from "vitest";
import { orderedRows, ROW_ID, type TableColumn, tablePage } from "./server-table";
import { defaultState, type TableUrlState } from "./url-state";

interface R {
  id: string;
  n: number | null;
}
const rows: R[] = [
  { id: "a10", n: 3 },
  { id: "a2", n: null },
  { id: "B1", n: 10 },
  { id: "a1", n: 3 },
  { id: "c", n: -1 },
];
const columns: TableColumn<R>[] = [
  { id: "id", header: "ID", value: (r) => r.id, link: (r) => `/s/${r.id}` },
  { id: "n", header: "N", type: "number", value: (r) => r.n },
];
const state = (over: Partial<TableUrlState>): TableUrlState => ({
  ...defaultState({ columns: ["id", "n"], pageSizes: [2, 25] }),
  pageSize: 2,
  ...over,
});
const ids = (s: Partial<TableUrlState>) =>
  tablePage(rows, columns, state({ pageSize: 25, ...s })).rows.map((r) => r.id);

describe("tablePage", () => {
  it("gives each row of the page its element ID, when the table's rows have one", () => {
    const page = tablePage(rows, columns, state({ pageIndex: 1 }), (r) => `row-${r.id}`);
    expect(page.rows.map((r) => r[ROW_ID])).toEqual(["row-B1", "row-a1"]);
    expect(tablePage(rows, columns, state({})).rows.some((r) => ROW_ID in r)).toBe(false);
  });

  it("pages the rows in the partner's order, with the counts and links", () => {
    const page = tablePage(rows, columns, state({ pageIndex: 1 }));
    expect(page.rows).toEqual([
      { id: "B1", id__href: "/s/B1", n: 10 },
      { id: "a1", id__href: "/s/a1", n: 3 },
    ]);
    expect(page).toMatchObject({ total: 5, filtered: 5, pageIndex: 1, pageSize: 2 });
    expect(page.columns).toEqual([
      { id: "id", header: "ID", type: undefined, href: "id__href" },
      { id: "n", header: "N", type: "number" },
    ]);
  });

  it("hands the browser each column's place (key, hidden by default), whether it may wrap, its decimals", () => {
    const marked: TableColumn<R>[] = [
      { ...columns[0], priority: "key", nowrap: true },
      { ...columns[1], priority: "hidden-by-default", decimals: 2 },
    ];
    expect(tablePage(rows, marked, state({})).columns).toEqual([
      { id: "id", header: "ID", type: undefined, href: "id__href", priority: "key", nowrap: true },
      { id: "n", header: "N", type: "number", priority: "hidden-by-default", decimals: 2 },
    ]);
  });

  it("sorts numbers numerically and text naturally, blanks last both ways, ties in the partner's order", () => {
    expect(ids({ sorting: [{ id: "n", desc: false }] })).toEqual(["c", "a10", "a1", "B1", "a2"]);
    expect(ids({ sorting: [{ id: "n", desc: true }] })).toEqual(["B1", "a10", "a1", "c", "a2"]);
    expect(ids({ sorting: [{ id: "id", desc: false }] })).toEqual(["a1", "a2", "a10", "B1", "c"]);
    expect(
      ids({
        sorting: [
          { id: "n", desc: false },
          { id: "id", desc: false },
        ],
      }),
    ).toEqual(["c", "a1", "a10", "B1", "a2"]);
  });

  it("filters by column (contains; number comparisons) and by search, before paging", () => {
    expect(ids({ columnFilters: [{ id: "n", value: ">=3" }] })).toEqual(["a10", "B1", "a1"]);
    expect(ids({ columnFilters: [{ id: "id", value: "A" }] })).toEqual(["a10", "a2", "a1"]);
    expect(ids({ globalFilter: "10" })).toEqual(["a10", "B1"]);
    const page = tablePage(rows, columns, state({ columnFilters: [{ id: "n", value: "3" }] }));
    expect(page).toMatchObject({ total: 5, filtered: 2 });
  });

  it("shows the last page when the state names one beyond it", () => {
    expect(tablePage(rows, columns, state({ pageIndex: 40 })).pageIndex).toBe(2);
    expect(tablePage([], columns, state({ pageIndex: 3 })).pageIndex).toBe(0);
  });
});

describe("orderedRows", () => {
  it("gives every filtered row in the table's order, whatever the page", () => {
    const s = state({ pageIndex: 1, sorting: [{ id: "n", desc: true }], columnFilters: [{ id: "id", value: "a" }] });
    expect(orderedRows(rows, columns, s).map((r) => r.id)).toEqual(["a10", "a1", "a2"]);
    expect(orderedRows(rows, columns, state({})).map((r) => r.id)).toEqual(["a10", "a2", "B1", "a1", "c"]);
  });

  it("orders one rows array by each table's own columns: a column's type decides its order", () => {
    // As numbers 1.25 comes first; as texts (digits compared as whole numbers) "1.5" does: 5 < 25.
    const shared = [{ v: 1.5 }, { v: 1.25 }];
    const asText: TableColumn<{ v: number }>[] = [{ id: "v", header: "V", value: (r) => r.v }];
    const asNumber: TableColumn<{ v: number }>[] = [{ id: "v", header: "V", type: "number", value: (r) => r.v }];
    const byV = state({ sorting: [{ id: "v", desc: false }] });
    expect(orderedRows(shared, asText, byV).map((r) => r.v)).toEqual([1.5, 1.25]);
    expect(orderedRows(shared, asNumber, byV).map((r) => r.v)).toEqual([1.25, 1.5]);
  });
});

describe("what a request costs", () => {
  /** A table whose columns count the cells they read. */
  function counted() {
    const reads = { id: 0, n: 0 };
    const read = <T>(column: keyof typeof reads, value: T) => {
      reads[column]++;
      return value;
    };
    const many: R[] = Array.from({ length: 1000 }, (_, i) => ({ id: `r${i}`, n: i % 7 }));
    const cols: TableColumn<R>[] = [
      { id: "id", header: "ID", value: (r) => read("id", r.id) },
      { id: "n", header: "N", type: "number", value: (r) => read("n", r.n) },
    ];
    return { reads, page: (s: Partial<TableUrlState>) => tablePage(many, cols, state(s)) };
  }
  const byN = [{ id: "n", desc: true }];

  it("sorts a row set once per order: a new filter or search of a sorted table does not sort it again", () => {
    const { reads, page } = counted();
    page({ sorting: byN });
    const sorted = reads.n;
    // Each text typed in a filter is a new request (a user typing, or a script sending a new text each time).
    const texts = ["1", "12", "123", "r9", "r99"];
    for (const text of texts) page({ sorting: byN, columnFilters: [{ id: "id", value: text }] });
    // Only the cells of each page shown (two rows) are read again, not the sort column of every filtered row.
    expect(reads.n - sorted).toBeLessThanOrEqual(texts.length * 2);
    // n = i mod 7, largest first; ties in the partner's order.
    const found = page({ sorting: byN, columnFilters: [{ id: "id", value: "r99" }], pageSize: 25 });
    expect(found.rows.map((r) => r.id)).toEqual([
      "r993",
      "r992",
      "r999",
      "r991",
      "r998",
      "r990",
      "r997",
      "r996",
      "r99",
      "r995",
      "r994",
    ]);
  });

  it("keeps the order of each filter too: paging through a filtered, sorted table reads no cell again", () => {
    const { reads, page } = counted();
    const s = { sorting: byN, columnFilters: [{ id: "id", value: "r1" }] };
    page(s);
    const before = { ...reads };
    page({ ...s, pageIndex: 1 });
    page({ ...s, pageIndex: 2 });
    expect(reads).toEqual({ id: before.id + 4, n: before.n + 4 });
  });
});
