import { describe, expect, it } from "vitest";
import { DEFAULT_RESPONSE_OPTIONS } from "@/lib/clinical/response/best-response";
import { subjectResponse } from "@/lib/clinical/response/subject-response";
import { responsePageAround } from "@/sections/tumour-response/addresses";
import { parseResponseQuery } from "@/sections/tumour-response/query";
import { DIFFER_COLUMNS, differRows, LEFT_OUT_COLUMNS, leftOutRows, linkedColumns, subjectRows } from "./subject-rows";
import { progressedSubject } from "./test-subject";

const noBaseline = subjectResponse({ subjectId: "S9", assessments: [], lesions: new Map() }, DEFAULT_RESPONSE_OPTIONS);

describe("the summary's subject lists (test-subject.ts, by hand)", () => {
  it("a subject's row: both BORs, best % change up to the progression, times", () => {
    expect(subjectRows([progressedSubject()])).toEqual([
      {
        subject: "S1",
        subjectHref: "S1",
        signed: "PR",
        // The signed cell is marked itself: the signed PR is not the recomputed SD.
        signedMark: "differs from recomputed SD",
        recomputed: "SD",
        differs: "≠ differs",
        bestPercent: -20,
        baselineSum: 50,
        followUps: 3,
        timeToResponse: null,
        progression: "day 84 (target)",
        timeOnStudy: 126,
        // T1 and T2 at baseline: measurable disease.
        disease: "target lesions",
        profile: "Open profile",
      },
    ]);
  });

  it("a difference, with the one assessment where the signed conclusion parts (FU2 PD and FU3 PR agree)", () => {
    expect(differRows([progressedSubject()])).toEqual([
      {
        subject: "S1",
        subjectHref: "S1",
        signed: "PR",
        recomputed: "SD",
        assessments: 1,
        first: "Follow-up (2024-02-12): signed Partial Response, recomputed SD",
      },
    ]);
  });

  it("lists only the subjects left out, with the reason and what was received", () => {
    expect(leftOutRows([progressedSubject(), noBaseline])).toEqual([
      {
        subject: "S9",
        subjectHref: "S9",
        reason: "no baseline",
        assessments: 0,
        profile: "Open profile",
      },
    ]);
  });
});

describe("the subject lists' links (the column holds the address around each row's subject)", () => {
  const signed = parseResponseQuery(new URLSearchParams("bor=signed&confirm=1"));
  const links = { response: responsePageAround("/studies/c1/ONC-101", signed), profile: ["/p/", "#top"] as const };

  it("puts the response page's address, with the section's state, around the subject's part", () => {
    const [before, after] = links.response;
    // The waterfall's bar for S2 opens this page (waterfall-data.test.ts): the same address.
    expect(`${before}S2${after}`).toBe("/studies/c1/ONC-101/tumour-response/subjects/S2?confirm=1&bor=signed");
    expect(responsePageAround("/studies/c1/ONC-101", parseResponseQuery(new URLSearchParams("")))).toEqual([
      "/studies/c1/ONC-101/tumour-response/subjects/",
      "",
    ]);
  });

  it("gives the subject and profile columns their texts, and leaves the others as they were", () => {
    const columns = linkedColumns(DIFFER_COLUMNS, links);
    expect(columns[0]).toEqual({ ...DIFFER_COLUMNS[0], hrefAround: links.response });
    expect(columns.slice(1)).toEqual(DIFFER_COLUMNS.slice(1));
  });

  it("opens the response page from the subject and the profile from its column, with the row's one part", () => {
    const [subject, , , profile] = linkedColumns(LEFT_OUT_COLUMNS, links);
    expect([subject.href, subject.hrefAround, profile.href, profile.hrefAround]).toEqual([
      "subjectHref",
      links.response,
      "subjectHref",
      ["/p/", "#top"],
    ]);
  });

  it("writes a subject ID as a path segment", () => {
    const odd = subjectResponse({ subjectId: "A 1/2", assessments: [], lesions: new Map() }, DEFAULT_RESPONSE_OPTIONS);
    expect(leftOutRows([odd])[0]).toMatchObject({ subjectHref: "A%201%2F2" });
  });
});
