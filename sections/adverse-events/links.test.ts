import { describe, expect, it } from "vitest";
import { listingChangeHref, listingHref, viewHref } from "./links";

const P = "/studies/c/ONC-101/adverse-events";
const current = new URLSearchParams(
  "by=sex&min=5&tsort=g3&tdir=desc&term=Rash&worst=2&related=1&ev_sort=start.asc&ev_page=3&ev_f_term=ra&ev_q=x" +
    "&ev_size=50&aechart_table=1",
);

describe("the view's addresses", () => {
  it("a count's link replaces the listing's filters, column filters, search and page, and keeps the rest", () => {
    expect(listingHref(P, current, { scope: "group", term: "Head ache", worst: "3" })).toBe(
      `${P}?by=sex&min=5&tsort=g3&tdir=desc&ev_sort=start.asc&ev_size=50&aechart_table=1` +
        "&scope=group&term=Head+ache&worst=3#ae-listing",
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

  it("a view change keeps the listing as it is", () => {
    expect(viewHref(P, new URLSearchParams("term=Rash&ev_page=2"), { by: "age" }, "#ae-by-term")).toBe(
      `${P}?term=Rash&ev_page=2&by=age#ae-by-term`,
    );
    expect(viewHref(P, new URLSearchParams("by=age"), { by: null })).toBe(P);
  });
});
