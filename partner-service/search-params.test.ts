import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ServiceError } from "./http";
import { lastPage, pageLinks, pageRange, parseKey, parsePaging, parseStudy } from "./search-params";
import { createTestService, getData, type TestService } from "./testing";

const q = (s: string) => new URLSearchParams(s);

describe("lastPage", () => {
  it.each([
    [0, 100, 1],
    [1, 100, 1],
    [100, 100, 1],
    [101, 100, 2],
    [1_000_000, 1000, 1000],
    [999_999, 1000, 1000],
    [7, 3, 3],
  ])("total %i at _count %i has last page %i", (total, count, expected) => {
    expect(lastPage(total, count)).toBe(expected);
  });
});

describe("pageRange", () => {
  it.each([
    [1, 100, 1, 100],
    [2, 100, 101, 200],
    [10, 1000, 9001, 10000],
  ])("page %i of %i covers %i..%i", (page, count, from, to) => {
    expect(pageRange({ page, count })).toEqual({ from, to });
  });
});

describe("parsePaging", () => {
  it("defaults to page 1 and 100 records", () => expect(parsePaging(q(""))).toEqual({ page: 1, count: 100 }));
  it("clamps _count to 1000", () => expect(parsePaging(q("_count=5000")).count).toBe(1000));
  it("clamps an absurdly large _count", () => expect(parsePaging(q("_count=999999999999999")).count).toBe(1000));
  it.each([
    "page=0",
    "page=-1",
    "page=abc",
    "page=1.5",
    "_count=0",
    "_count=x",
    "page=",
    "page=1&page=2",
    "_count=1e3",
  ])("refuses %s with 400", (query) => {
    try {
      parsePaging(q(query));
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ServiceError);
      expect((err as ServiceError).status).toBe(400);
    }
  });
});

describe("parseStudy", () => {
  it("requires researchstudy on data searches", () => expect(() => parseStudy(q(""), true)).toThrow(/required/));
  it("accepts a study number", () => expect(parseStudy(q("researchstudy=ONC-101"), true)).toBe("ONC-101"));
  it("refuses markup without echoing it", () => {
    expect(() => parseStudy(q("researchstudy=<script>"), true)).toThrow(ServiceError);
    try {
      parseStudy(q("researchstudy=<script>"), true);
    } catch (err) {
      expect((err as Error).message).not.toContain("<script>");
    }
  });
});

describe("parseKey", () => {
  it("accepts a record key", () =>
    expect(parseKey(q("_Id=ONC-101-MRN242192-1-1"), "_Id")).toBe("ONC-101-MRN242192-1-1"));
  it("is undefined when absent", () => expect(parseKey(q("id=x"), "_Id")).toBeUndefined());
  it.each(["", "%00", "a%20b", "<script>", "k".repeat(129)])("refuses _Id=%s with 400, not echoed", (value) => {
    try {
      parseKey(q(`_Id=${value}`), "_Id");
      expect.unreachable();
    } catch (err) {
      expect((err as ServiceError).status).toBe(400);
      expect((err as ServiceError).diagnostics).toMatch(/^The parameter _Id is malformed/);
      if (value) expect((err as ServiceError).diagnostics).not.toContain(decodeURIComponent(value));
    }
  });
});

describe("record-key filters in searches", () => {
  let t: TestService;
  beforeAll(async () => {
    t = await createTestService({ data: { subjects: 4, visits: 2 } });
  });
  afterAll(() => t.db.close());

  it.each([
    "AdverseEvent?researchstudy=ONC-101&_Id=%00",
    "observation?researchstudy=ONC-101&category=imaging&id=%3Cscript%3E",
    "Group?researchstudy=ONC-101&_Id=a%20b",
    "Patient?_id=%3Cscript%3E",
  ])("%s: a malformed key is a 400 whose body carries neither the value nor a marker", async (path) => {
    const res = await getData(t, path);
    expect(res.status).toBe(400);
    const text = await res.text();
    expect(JSON.parse(text).issue[0].code).toBe("invalid");
    for (const s of ["<script>", "%3Cscript", "\\u0000", "no-match", "a b", "a%20b"]) expect(text).not.toContain(s);
  });

  it("a well-formed key that matches nothing is an empty Bundle whose links carry exactly that key", async () => {
    const res = await getData(t, "AdverseEvent?researchstudy=ONC-101&_Id=no-such-key");
    const bundle = await res.json();
    expect(bundle.total).toBe(0);
    for (const link of bundle.link) expect(new URL(link.url).searchParams.get("_Id")).toBe("no-such-key");
  });
});

describe("pageLinks", () => {
  const url = (p: number) => `u?page=${p}`;
  it("has next on every page but the last", () => {
    expect(pageLinks(250, { page: 1, count: 100 }, url).map((l) => l.relation)).toEqual([
      "self",
      "first",
      "last",
      "next",
    ]);
    expect(pageLinks(250, { page: 2, count: 100 }, url).find((l) => l.relation === "next")?.url).toBe("u?page=3");
    expect(pageLinks(250, { page: 3, count: 100 }, url).map((l) => l.relation)).toEqual(["self", "first", "last"]);
  });
  it("points last at ceil(total / _count)", () => {
    expect(pageLinks(250, { page: 1, count: 100 }, url).find((l) => l.relation === "last")?.url).toBe("u?page=3");
  });
  it("points last at page 1 when there is nothing", () => {
    expect(pageLinks(0, { page: 1, count: 100 }, url)).toEqual([
      { relation: "self", url: "u?page=1" },
      { relation: "first", url: "u?page=1" },
      { relation: "last", url: "u?page=1" },
    ]);
  });
  it("has no next past the last page", () => {
    expect(pageLinks(250, { page: 9, count: 100 }, url).some((l) => l.relation === "next")).toBe(false);
  });
});
