import { describe, expect, it } from "vitest";
import {
  defaultState,
  parseTableState,
  serializeTableState,
  type TableUrlState,
  type UrlStateOptions,
} from "./url-state";

const opts: UrlStateOptions = {
  columns: ["subjectId", "sex", "birthYear", "adverseEvents"],
  pageSizes: [10, 25, 50, 100],
};
const parse = (qs: string, o = opts) => parseTableState(new URLSearchParams(qs), o);
const state = (over: Partial<TableUrlState> = {}): TableUrlState => ({ ...defaultState(opts), ...over });

describe("parseTableState", () => {
  const cases: [string, string, TableUrlState][] = [
    ["nothing: the defaults", "", state()],
    [
      "everything set",
      "sort=birthYear.desc,subjectId.asc&f_sex=Female&f_adverseEvents=%3E2&q=ONC&page=3&size=50",
      state({
        sorting: [
          { id: "birthYear", desc: true },
          { id: "subjectId", desc: false },
        ],
        columnFilters: [
          { id: "sex", value: "Female" },
          { id: "adverseEvents", value: ">2" },
        ],
        globalFilter: "ONC",
        pageIndex: 2,
        pageSize: 50,
      }),
    ],
    [
      "an unknown sort column or direction is dropped, the rest kept",
      "sort=nope.asc,sex.up,sex.desc",
      state({ sorting: [{ id: "sex", desc: true }] }),
    ],
    ["a column sorted twice counts once", "sort=sex.asc,sex.desc", state({ sorting: [{ id: "sex", desc: false }] })],
    [
      "a filter on an unknown column is dropped",
      "f_password=x&f_sex=Male",
      state({ columnFilters: [{ id: "sex", value: "Male" }] }),
    ],
    ["empty and blank filters are no filters", "f_sex=&f_subjectId=%20%20&q=%20", state()],
    ["a filter longer than 200 characters is dropped", `f_sex=${"x".repeat(201)}`, state()],
    ["page 0, a negative page, a fraction and text fall back to page 1", "page=0", state()],
    ["negative page", "page=-3", state()],
    ["fractional page", "page=1.5", state()],
    ["text page", "page=abc", state()],
    ["a page size not offered falls back", "size=7", state()],
    ["a page size of text falls back", "size=all", state()],
    [
      "bad values fall back one by one",
      "page=x&size=10&sort=birthYear.asc",
      state({ pageSize: 10, sorting: [{ id: "birthYear", desc: false }] }),
    ],
  ];
  it.each(cases)("%s", (_name, qs, expected) => expect(parse(qs)).toEqual(expected));

  it("reads only its own parameters when given a prefix", () => {
    const o = { ...opts, prefix: "ae." };
    expect(parse("sort=sex.asc&ae.sort=sex.desc&ae.f_sex=F&ae.page=2", o)).toEqual(
      state({ sorting: [{ id: "sex", desc: true }], columnFilters: [{ id: "sex", value: "F" }], pageIndex: 1 }),
    );
  });

  it("defaults to the first page size when 25 is not offered", () => {
    expect(parse("", { ...opts, pageSizes: [20, 40] }).pageSize).toBe(20);
  });
});

describe("serializeTableState", () => {
  it("leaves defaults out", () => {
    expect(serializeTableState(state(), new URLSearchParams(), opts).toString()).toBe("");
  });

  it("keeps unrelated parameters and replaces its own", () => {
    const current = new URLSearchParams("tab=ae&sort=sex.asc&f_sex=Male&page=4");
    const next = state({ sorting: [{ id: "birthYear", desc: true }], pageIndex: 1 });
    expect(serializeTableState(next, current, opts).toString()).toBe("tab=ae&sort=birthYear.desc&page=2");
  });

  it("round-trips every field", () => {
    const full = state({
      sorting: [
        { id: "adverseEvents", desc: true },
        { id: "sex", desc: false },
      ],
      columnFilters: [{ id: "subjectId", value: "a b&c=d" }],
      globalFilter: "x,y",
      pageIndex: 4,
      pageSize: 100,
    });
    expect(parse(serializeTableState(full, new URLSearchParams(), opts).toString())).toEqual(full);
  });
});
