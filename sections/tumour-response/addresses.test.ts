import { describe, expect, it } from "vitest";
import { leftOutHref, subjectListHref } from "./addresses";
import { parseResponseQuery } from "./query";

const q = (s: string) => new URLSearchParams(s);

describe("subjectListHref", () => {
  it("the summary's list of every subject, filtered to one value of a column", () =>
    expect(subjectListHref("/s", parseResponseQuery(q("")), "disease", "non-target only")).toBe(
      "/s/tumour-response?sl_f_disease=%3Dnon-target+only#response-subjects",
    ));
});

describe("leftOutHref", () => {
  it("opens the summary's list of subjects left out, filtered to exactly the reason, options kept", () =>
    expect(
      leftOutHref(
        "/studies/c/ONC-101",
        { options: { confirm: true, minSdDays: 42 }, dayOne: "first-dose", population: "evaluable", bor: "signed" },
        "no baseline",
      ),
    ).toBe(
      "/studies/c/ONC-101/tumour-response?confirm=1&day1=first-dose&bor=signed&lo_f_reason=%3Dno+baseline" +
        "#response-left-out",
    ));
  it("shows the evaluable N's list, whatever the population chosen (the plots draw the evaluable subjects)", () =>
    expect(
      leftOutHref(
        "/s",
        { options: { confirm: false, minSdDays: 42 }, dayOne: "baseline", population: "itt", bor: "recomputed" },
        "no post-baseline assessment",
      ),
    ).toBe("/s/tumour-response?lo_f_reason=%3Dno+post-baseline+assessment#response-left-out"));
});
