/**
 * TanStack is given the page shown, not every row (./use-data-table.ts): it builds an object with some forty methods
 * for each row it holds, and the server renders the table on every visit.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { expect, it, vi } from "vitest";
import type { DataColumn, DataRow } from "@/lib/tables/types";
import { useDataTable } from "./use-data-table";

let search = new URLSearchParams();
vi.mock("next/navigation", () => ({
  useRouter: () => ({ replace: () => {}, push: () => {} }),
  usePathname: () => "/studies/c1/ONC-101",
  useSearchParams: () => search,
}));

const columns: DataColumn[] = [{ id: "n", header: "N" }];
const rows: DataRow[] = Array.from({ length: 1000 }, (_, i) => ({ n: i + 1 }));

let seen: { built: number; first: unknown; pageCount: number } | undefined;

/** What the table holds once rendered: the rows TanStack built, the first of them, and its page count. */
function Probe() {
  const { table } = useDataTable(columns, rows, [10, 25, 50, 100]);
  const built = table.getCoreRowModel().rows;
  seen = { built: built.length, first: built[0]?.original.n, pageCount: table.getPageCount() };
  return null;
}

function held(query: string) {
  search = new URLSearchParams(query);
  seen = undefined;
  renderToStaticMarkup(<Probe />);
  return seen;
}

it("builds rows for the page shown only, with the page count of all of them", () => {
  expect(held("")).toEqual({ built: 25, first: 1, pageCount: 40 });
  expect(held("page=4&size=100")).toEqual({ built: 100, first: 301, pageCount: 10 });
  expect(held("page=40")).toEqual({ built: 25, first: 976, pageCount: 40 });
});
