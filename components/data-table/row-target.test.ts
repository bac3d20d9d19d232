import { afterEach, describe, expect, it, vi } from "vitest";
import { followFragment, fragmentId, isMarked, rowTargetStep } from "./row-target";

const row = (id: string) => ({ anchor: id, value: id });
const all = ["a1", "a2", "a3", "a4", "a5"].map(row);

describe("rowTargetStep: bringing the row a link names into the table's view", () => {
  it("does nothing for a row of another table, or no row", () => {
    const sets = { all, filtered: all, page: all.slice(0, 2), pageSize: 2 };
    expect(rowTargetStep("b1", "anchor", sets)).toEqual({ kind: "not-here" });
    expect(rowTargetStep("", "anchor", sets)).toEqual({ kind: "not-here" });
  });

  it("leaves a row on the page shown to the browser", () =>
    expect(rowTargetStep("a2", "anchor", { all, filtered: all, page: all.slice(0, 2), pageSize: 2 })).toEqual({
      kind: "shown",
    }));

  it("turns to the page that holds it: the 5th row at 2 a page is on the 3rd page (index 2)", () =>
    expect(rowTargetStep("a5", "anchor", { all, filtered: all, page: all.slice(0, 2), pageSize: 2 })).toEqual({
      kind: "page",
      pageIndex: 2,
    }));

  it("counts its place among the filtered rows in their order: 2nd of [a4, a3] at 1 a page is index 1", () =>
    expect(
      rowTargetStep("a3", "anchor", { all, filtered: [row("a4"), row("a3")], page: [row("a4")], pageSize: 1 }),
    ).toEqual({ kind: "page", pageIndex: 1 }));

  it("clears the filters when they hide it", () =>
    expect(rowTargetStep("a1", "anchor", { all, filtered: [row("a2")], page: [row("a2")], pageSize: 2 })).toEqual({
      kind: "clear-filters",
    }));
});

describe("fragmentId", () => {
  it("reads the ID a fragment names, percent-decoded", () => {
    expect(fragmentId("#assessment-A-1")).toBe("assessment-A-1");
    expect(fragmentId("#a%20b")).toBe("a b");
    expect(fragmentId("")).toBe("");
  });
  it("reads a malformed fragment as none", () => expect(fragmentId("#%E0%A4%A")).toBe(""));
});

describe("a row opened by the router, which marks nothing", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("is marked when the browser holds it as the fragment's element (:target)", () => {
    const marked = { matches: (selector: string) => selector === ":target" };
    const unmarked = { matches: () => false };
    const elements: Record<string, object> = { "ae-E1": marked, "ae-E2": unmarked };
    vi.stubGlobal("document", { getElementById: (id: string) => elements[id] ?? null });
    expect([isMarked("ae-E1"), isMarked("ae-E2"), isMarked("ae-E3")]).toEqual([true, false, false]);
  });

  it("is followed again, a fragment navigation, the router's history state put back after it", () => {
    const href = "http://portal/studies/c1/ONC-101/adverse-events?ev_f_key=%3DE1#ae-E1";
    const calls: unknown[][] = [];
    const history = {
      state: { __NA: true },
      replaceState: (...args: unknown[]) => calls.push(["replaceState", ...args]),
    };
    // The navigation leaves the entry without state, as a browser's fragment navigation does.
    const replace = (url: string) => {
      calls.push(["replace", url]);
      history.state = null as never;
    };
    vi.stubGlobal("window", { location: { href, replace }, history });
    followFragment();
    expect(calls).toEqual([
      ["replace", href],
      ["replaceState", { __NA: true }, "", href],
    ]);
  });
});
