import { describe, expect, it } from "vitest";
import { NO_LISTING_FILTER } from "@/lib/clinical/adverse-events/listing-filter";
import {
  type AeQuery,
  aeQueryParams,
  checkAgainstData,
  filterKey,
  listingChangeHref,
  listingHref,
  pageHref,
  parseAeQuery,
} from "./query";

const parse = (qs: string) => parseAeQuery(new URLSearchParams(qs));
const base: AeQuery = {
  by: null,
  layout: "term",
  order: { sort: "any", desc: true, minPercent: 0 },
  filter: NO_LISTING_FILTER,
  ignored: [],
};
const q = (over: Partial<Omit<AeQuery, "filter">> & { filter?: Partial<AeQuery["filter"]> }): AeQuery => ({
  ...base,
  ...over,
  filter: { ...base.filter, ...over.filter },
});

describe("parseAeQuery", () => {
  const cases: [string, string, AeQuery][] = [
    ["nothing: the defaults", "", base],
    [
      "everything set",
      "by=age&min=5.5&tsort=g3&tdir=asc&scope=group&term=Headache&worst=3&grade=ge3&related=1&ongoing=1&sex=Female",
      q({
        by: "age",
        order: { sort: "g3", desc: false, minPercent: 5.5 },
        filter: {
          scope: "group",
          subject: null,
          term: "Headache",
          worst: 3,
          grade: "ge3",
          related: true,
          ongoing: true,
          flag: null,
          ctcae: null,
          subgroup: { sex: "Female" },
        },
      }),
    ],
    [
      "a data note's filters",
      "flag=end-before-start&ctcae=4.03",
      q({ filter: { flag: "end-before-start", ctcae: "4.03" } }),
    ],
    ["a flag the notes do not count", "flag=constructor", q({ ignored: ["flag"] })],
    [
      "a term column sorts A to Z unless told",
      "tsort=term",
      q({ order: { sort: "term", desc: false, minPercent: 0 } }),
    ],
    ["worst and grade: missing", "worst=missing&grade=missing", q({ filter: { worst: "missing", grade: "missing" } })],
    [
      "bad values fall back one by one, named",
      "by=height&min=101&tdir=up&scope=mine&worst=ge3&grade=0&related=true&ongoing=0&term=Rash",
      q({ filter: { term: "Rash" }, ignored: ["tdir", "min", "scope", "worst", "grade", "related", "ongoing", "by"] }),
    ],
    ["empty values are no values", "by=&term=%20&grade=", base],
    ["a value over 200 characters is dropped", `term=${"x".repeat(201)}`, q({ ignored: ["term"] })],
    ["a percentage with three decimals", "min=1.234", q({ ignored: ["min"] })],
    [
      "the page's choices: TEAE, the conservative reading of causality, the table by SOC, a SOC's events",
      "teae=1&relatedness=conservative&layout=soc&soc=Unmapped",
      q({ layout: "soc", filter: { teae: true, relatedness: "conservative", soc: "Unmapped" } }),
    ],
    ["the choices' defaults said aloud", "relatedness=assessed&layout=term", base],
    [
      "choices not understood fall back to the defaults, named",
      "teae=yes&relatedness=related&layout=organ",
      q({ ignored: ["teae", "relatedness", "layout"] }),
    ],
  ];
  it.each(cases)("%s", (_name, qs, expected) => {
    const got = parse(qs);
    expect({ ...got, ignored: [...got.ignored].sort() }).toEqual({
      ...expected,
      ignored: [...expected.ignored].sort(),
    });
  });
});

describe("checkAgainstData", () => {
  const data = {
    terms: new Set(["Headache", "Rash"]),
    socs: new Set(["Nervous system disorders", "Unmapped"]),
    subjects: new Set(["101-0001"]),
    subgroupValues: (kind: string) => (kind === "sex" ? ["Female", "Male"] : []),
    sortKeys: ["term", "any", "g3", "any:Female"],
    versions: new Set(["5.0", null]),
  };
  it("keeps what the data has", () => {
    const query = parse("term=Rash&subject=101-0001&sex=Male&tsort=any:Female&ctcae=5.0");
    expect(checkAgainstData(query, data)).toEqual(query);
    const none = parse("ctcae=none");
    expect(checkAgainstData(none, data)).toEqual(none);
  });
  it("drops a term, a subgroup value and a sort column the data does not have, keeping the minimum", () => {
    const got = checkAgainstData(
      parse("term=Cough&subject=101-9999&sex=Other&race=White&tsort=ge3:Male&tdir=asc&min=3&ctcae=4.03"),
      data,
    );
    expect(got.filter).toEqual(NO_LISTING_FILTER);
    expect(got.order).toEqual({ sort: "any", desc: true, minPercent: 3 });
    expect(got.ignored.sort()).toEqual(["ctcae", "race", "sex", "subject", "term", "tsort"]);
  });
  it("keeps a SOC the terms have, drops another", () => {
    expect(checkAgainstData(parse("soc=Unmapped"), data).filter.soc).toBe("Unmapped");
    const got = checkAgainstData(parse("soc=Cardiac%20disorders"), data);
    expect([got.filter.soc, got.ignored]).toEqual([null, ["soc"]]);
  });
});

describe("filterKey", () => {
  it("names the same filter the same way, whatever the order of its subgroups", () => {
    const a = { ...NO_LISTING_FILTER, subgroup: { sex: "F", race: "W" } };
    const b = { ...NO_LISTING_FILTER, subgroup: { race: "W", sex: "F" } };
    expect(filterKey(a)).toBe(filterKey(b));
    expect(filterKey(a)).not.toBe(filterKey({ ...a, term: "Rash" }));
    // The page's choices change what the listing holds: each its own listing.
    expect(filterKey(a)).not.toBe(filterKey({ ...a, teae: true }));
    expect(filterKey(a)).not.toBe(filterKey({ ...a, relatedness: "conservative" }));
    expect(filterKey(a)).not.toBe(filterKey({ ...a, soc: "Unmapped" }));
  });
});

describe("aeQueryParams", () => {
  const cases: [string, AeQuery, string][] = [
    ["the defaults: nothing", base, ""],
    [
      "everything set, in one order",
      q({
        by: "age",
        order: { sort: "g3", desc: false, minPercent: 5.5 },
        filter: {
          scope: "group",
          subject: "101-0001",
          term: "Head ache",
          worst: "missing",
          grade: "ge3",
          related: true,
          ongoing: true,
          flag: "no-start",
          ctcae: "none",
          subgroup: { race: "White", sex: "Female" },
        },
      }),
      "by=age&min=5.5&tsort=g3&tdir=asc&scope=group&subject=101-0001&term=Head+ache&worst=missing&grade=ge3" +
        "&related=1&ongoing=1" +
        "&flag=no-start&ctcae=none&sex=Female&race=White",
    ],
    ["a term column A to Z says so", q({ order: { sort: "term", desc: false, minPercent: 0 } }), "tsort=term&tdir=asc"],
    [
      "the default column the other way",
      q({ order: { sort: "any", desc: false, minPercent: 0 } }),
      "tsort=any&tdir=asc",
    ],
    ["what was ignored is not written", q({ ignored: ["term", "sex"] }), ""],
    [
      "the page's choices and a SOC",
      q({ layout: "soc", filter: { teae: true, relatedness: "conservative", soc: "Eye disorders" } }),
      "teae=1&relatedness=conservative&layout=soc&soc=Eye+disorders",
    ],
  ];
  it.each(cases)("%s", (_name, query, expected) => {
    expect(aeQueryParams(query).toString()).toBe(expected);
  });
  it.each(cases)("reads back as the same query: %s", (_name, query) => {
    expect(parseAeQuery(aeQueryParams(query))).toEqual({ ...query, ignored: [] });
  });
});

const P = "/studies/c/ONC-101/adverse-events";
const carried = new URLSearchParams(
  "by=sex&min=5&tsort=g3&tdir=desc&term=Rash&worst=2&related=1&ev_sort=start.asc&ev_page=3&ev_f_term=ra&ev_q=x" +
    "&ev_size=50&aechart_table=1",
);

describe("the page's addresses", () => {
  it("a count's link replaces the listing's filters, column filters, search and page, and keeps the rest", () => {
    expect(listingHref(P, carried, { scope: "group", term: "Head ache", worst: "3" })).toBe(
      `${P}?by=sex&min=5&tsort=g3&tdir=desc&ev_sort=start.asc&ev_size=50&aechart_table=1` +
        "&scope=group&term=Head+ache&worst=3#ae-listing",
    );
  });

  it("a count's link keeps the page's choices: the listing counts the same events as the tables", () => {
    const choices = new URLSearchParams("teae=1&relatedness=conservative&layout=soc&soc=Eye+disorders&worst=2");
    expect(listingHref(P, choices, { scope: "group", soc: "Unmapped", related: "1" })).toBe(
      `${P}?teae=1&relatedness=conservative&layout=soc&scope=group&soc=Unmapped&related=1#ae-listing`,
    );
  });

  it("a quick filter changes one filter and goes back to the listing's first page", () => {
    expect(listingChangeHref(P, new URLSearchParams("term=Rash&ev_page=2"), { ongoing: "1" })).toBe(
      `${P}?term=Rash&ongoing=1#ae-listing`,
    );
    expect(listingChangeHref(P, new URLSearchParams("term=Rash&related=1"), { related: null })).toBe(
      `${P}?term=Rash#ae-listing`,
    );
  });

  it("a change of the rest of the page keeps the listing as it is", () => {
    expect(pageHref(P, new URLSearchParams("term=Rash&ev_page=2"), { by: "age" }, "#ae-by-term")).toBe(
      `${P}?term=Rash&ev_page=2&by=age#ae-by-term`,
    );
    expect(pageHref(P, new URLSearchParams("by=age"), { by: null })).toBe(P);
  });
});
