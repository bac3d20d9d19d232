import { describe, expect, it } from "vitest";
import { DEFAULT_RESPONSE_OPTIONS } from "@/lib/clinical/response/best-response";
import { subjectResponse } from "@/lib/clinical/response/subject-response";
import { differRows, leftOutRows, subjectRows } from "./subject-rows";
import { progressedSubject } from "./test-subject";

const links = { response: (id: string) => `/r/${id}`, profile: (id: string) => `/p/${id}` };
const noBaseline = subjectResponse({ subjectId: "S9", assessments: [], lesions: new Map() }, DEFAULT_RESPONSE_OPTIONS);

describe("the summary's subject lists (test-subject.ts, by hand)", () => {
  it("a subject's row: both BORs, best % change up to the progression, times", () => {
    expect(subjectRows([progressedSubject()], links)).toEqual([
      {
        subject: "S1",
        subjectHref: "/r/S1",
        signed: "PR",
        recomputed: "SD",
        differs: "≠ differs",
        bestPercent: -20,
        baselineSum: 50,
        followUps: 3,
        timeToResponse: null,
        progression: "day 84 (target)",
        timeOnStudy: 126,
        profile: "Open profile",
        profileHref: "/p/S1",
      },
    ]);
  });

  it("a difference, with the one assessment where the signed conclusion parts (FU2 PD and FU3 PR agree)", () => {
    expect(differRows([progressedSubject()], links)).toEqual([
      {
        subject: "S1",
        subjectHref: "/r/S1",
        signed: "PR",
        recomputed: "SD",
        assessments: 1,
        first: "Follow-up (2024-02-12): signed Partial Response, recomputed SD",
      },
    ]);
  });

  it("lists only the subjects left out, with the reason and what was received", () => {
    expect(leftOutRows([progressedSubject(), noBaseline], links)).toEqual([
      {
        subject: "S9",
        subjectHref: "/r/S9",
        reason: "no baseline",
        assessments: 0,
        profile: "Open profile",
        profileHref: "/p/S9",
      },
    ]);
  });
});
