/**
 * A cell's mark (DataColumn.mark): after the value, a ≠ that is seen, with its words for screen readers and on hover;
 * no mark where the row has none.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { DataColumn } from "@/lib/tables/types";
import { CellContent } from "./CellContent";

const column: DataColumn = { id: "signed", header: "BOR as signed", mark: "signedMark" };

describe("a marked cell", () => {
  it("shows its value, then the mark with its words", () => {
    const html = renderToStaticMarkup(
      <CellContent row={{ signed: "SD", signedMark: "differs from recomputed PR" }} column={column} carried="" />,
    );
    expect(html.startsWith("SD ")).toBe(true);
    expect(html).toContain('title="differs from recomputed PR"><span aria-hidden="true">≠</span>');
    expect(html).toContain(">(differs from recomputed PR)</span>");
  });

  it("shows the value alone where the row has no mark", () => {
    expect(
      renderToStaticMarkup(<CellContent row={{ signed: "PR", signedMark: null }} column={column} carried="" />),
    ).toBe("PR");
  });
});

describe("a number column with fixed decimals", () => {
  const xuln: DataColumn = { id: "xuln", header: "×ULN", type: "number", decimals: 2 };
  it("shows exactly that many decimals", () => {
    expect(renderToStaticMarkup(<CellContent row={{ xuln: 2.5 }} column={xuln} carried="" />)).toBe("2.50");
    expect(renderToStaticMarkup(<CellContent row={{ xuln: 3 }} column={xuln} carried="" />)).toBe("3.00");
    expect(renderToStaticMarkup(<CellContent row={{ xuln: 0.125 }} column={xuln} carried="" />)).toBe("0.13");
  });
  it("leaves a blank blank and a column without decimals as it is", () => {
    expect(renderToStaticMarkup(<CellContent row={{ xuln: null }} column={xuln} carried="" />)).toBe("");
    expect(renderToStaticMarkup(<CellContent row={{ v: 2.5 }} column={{ id: "v", header: "V" }} carried="" />)).toBe(
      "2.5",
    );
  });
});
