/**
 * An export's rows are ordered as the page orders them (lib/tables/server-table.ts), but never on the thread that
 * renders pages while a job starts: making the table reads no row, a large sort is handed to the order thread (here
 * a stand-in that says what it was given), and the filter pass gives the event loop a turn between its slices.
 */
import { setImmediate as nextTurn } from "node:timers/promises";
import { afterEach, describe, expect, it, vi } from "vitest";
import { orderedIndexes, type TableColumn } from "@/lib/tables/server-table";
import type { TableDef } from "@/lib/tables/table-def";
import { parseTableState } from "@/lib/tables/url-state";
import { type PassingRows, type SortKey, sortPassing } from "./order-sort";
import type { RowSorter } from "./order-thread";
import { orderNow, orderOffThread, SORT_HERE_UP_TO } from "./row-order";
import { tableExport } from "./table-export";

interface R {
  subject: string;
  value: number | null;
  flag: string;
}
const columns: TableColumn<R>[] = [
  { id: "subject", header: "Subject", value: (r) => r.subject },
  { id: "value", header: "Result", type: "number", value: (r) => r.value },
  { id: "flag", header: "Flag", value: (r) => r.flag },
];
const FLAGS = ["H", "L", "", "N", "h"];
/** Rows with ties, blanks and mixed case, in a scrambled order: enough to tell two orders apart. */
const manyRows = (n: number): R[] =>
  Array.from({ length: n }, (_, i) => ({
    subject: `10${(i * 7919) % 97}-${String((i * 31) % 1000).padStart(4, "0")}`,
    value: i % 11 === 0 ? null : ((i * 104729) % 1013) / 10,
    flag: FLAGS[i % FLAGS.length],
  }));
const OPTIONS = { columns: ["subject", "value", "flag"], pageSizes: [25] };
const stateOf = (query: string) => parseTableState(new URLSearchParams(query), OPTIONS);

/** A sorter that sorts in this thread, as the worker would, and keeps what it was asked. */
function recordingSorter() {
  const asked: { rows: number; keys: readonly SortKey[] }[] = [];
  const sorter: RowSorter = {
    sort: async (rows: PassingRows, keys: readonly SortKey[]) => {
      asked.push({ rows: rows.indexes.length, keys });
      return sortPassing(rows, keys);
    },
  };
  return { sorter, asked };
}

const never = new AbortController().signal;

afterEach(() => vi.restoreAllMocks());

describe("the order of an export's rows", () => {
  const rows = manyRows(3 * SORT_HERE_UP_TO);
  const queries = [
    "sort=value.desc",
    "sort=flag.asc,subject.desc",
    "f_flag=h&sort=value.asc",
    "f_value=%3E50&q=10&sort=subject.asc",
    "q=%3D&f_subject=-00",
    "f_value=%3C%3D12.5",
  ];

  it.each(queries)("is the page's order for %s, worked out at once or off the thread alike", async (query) => {
    const state = stateOf(query);
    const page = [...orderedIndexes(rows, columns, state)];
    expect(page.length).toBeGreaterThan(0);
    expect([...orderNow({ rows, columns, state })]).toEqual(page);
    const { sorter } = recordingSorter();
    expect([...(await orderOffThread({ rows, columns, state }, never, sorter))]).toEqual(page);
  });

  it("hands a large sort to the order thread, and sorts a small one here", async () => {
    const large = recordingSorter();
    await orderOffThread({ rows, columns, state: stateOf("sort=value.desc,flag.asc") }, never, large.sorter);
    expect(large.asked).toEqual([
      {
        rows: rows.length,
        keys: [
          { desc: true, number: true },
          { desc: false, number: false },
        ],
      },
    ]);
    const small = recordingSorter();
    const few = rows.slice(0, SORT_HERE_UP_TO);
    await orderOffThread({ rows: few, columns, state: stateOf("sort=value.desc") }, never, small.sorter);
    expect(small.asked).toEqual([]);
  });

  it("gives the event loop a turn between the slices of the filter pass", async () => {
    // Every reading of the clock says a slice has taken 10 ms: the pass must pause at each of its pause points.
    let clock = 0;
    vi.spyOn(performance, "now").mockImplementation(() => (clock += 10));
    let turns = 0;
    let ordering = true;
    const count = async () => {
      while (ordering) {
        turns++;
        await nextTurn();
      }
    };
    const counted = count();
    const state = stateOf("f_flag=h");
    await orderOffThread({ rows, columns, state }, never, recordingSorter().sorter);
    ordering = false;
    await counted;
    // A pause every 8,192 rows: the other work ran between them, not only after the pass.
    expect(turns).toBeGreaterThanOrEqual(Math.floor(rows.length / 8192));
  });

  it("stops a cancelled job's filter pass at its next pause", async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(orderOffThread({ rows, columns, state: stateOf("q=1") }, controller.signal)).rejects.toThrow();
  });
});

describe("a table's export", () => {
  it("reads no row when it is made, and takes its order from the order thread's answer", async () => {
    const rows = manyRows(2 * SORT_HERE_UP_TO);
    const read = vi.fn((r: R) => r.subject);
    const def: TableDef<R> = {
      columns: [{ id: "subject", header: "Subject", value: read }, columns[1]],
      rows,
      state: { columns: ["subject", "value"], pageSizes: [25] },
    };
    const table = tableExport(def, new URLSearchParams("sort=subject.desc"), { title: "T", fileLabel: "t", asOf: 0 });
    expect(read).not.toHaveBeenCalled();
    expect(table.ordered).toBeDefined();
    // The stand-in answers the rows backwards: the file follows whatever order the thread gave.
    const backwards = Uint32Array.from(rows.keys()).reverse();
    const sort = vi.fn(async () => backwards);
    await orderOffThreadOf(table, sort);
    expect(sort).toHaveBeenCalledTimes(1);
    expect(table.count).toBe(rows.length);
    expect([...table.rows()].slice(0, 2)).toEqual([
      [rows.at(-1)!.subject, rows.at(-1)!.value],
      [rows.at(-2)!.subject, rows.at(-2)!.value],
    ]);
  });

  it("has nothing to order when the view neither filters nor sorts", () => {
    const def: TableDef<R> = { columns, rows: manyRows(3), state: OPTIONS };
    expect(tableExport(def, new URLSearchParams("page=2"), { title: "T", fileLabel: "t", asOf: 0 }).ordered).toBe(
      undefined,
    );
  });
});

/** Awaits the table's `ordered` with the process's order thread replaced by `sort`. */
async function orderOffThreadOf(table: ReturnType<typeof tableExport>, sort: RowSorter["sort"]) {
  const thread = await import("./order-thread");
  vi.spyOn(thread, "orderThread").mockReturnValue({ sort } as unknown as ReturnType<typeof thread.orderThread>);
  await table.ordered!(never);
}
