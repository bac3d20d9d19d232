import { describe, expect, it } from "vitest";
import { subjectAssessments } from "../response/assessment-response";
import type { LesionRow } from "../response/lesion-rows";
import { newLesion, nonTarget, subject, target } from "../response/test-rows";
import { lesionFindings } from "./lesion-continuity";

const DATES = ["2024-01-01", "2024-02-12", "2024-03-25", "2024-05-06"];
/** A lesion with its ID as the partner writes it: case, assessment, label. */
const id = (l: LesionRow, visit: number): LesionRow => ({ ...l, key: `C-A${visit}-${l.label}` });
const BASE = [target("T1", 20), target("T2", 15), nonTarget("NT1")];

/** Findings of a course (baseline first), as [rule, assessment, lesion ID, found, expected]. */
function findings(visits: LesionRow[][]) {
  const records = subject(visits.map((lesions, i) => ({ date: DATES[i], lesions: lesions.map((l) => id(l, i)) })));
  return lesionFindings(records, subjectAssessments(records)).map((f) => {
    expect(f.subjectId).toBe("S1");
    return [f.rule, ...f.records.map((r) => r.key), f.found, f.expected];
  });
}

describe("lesions followed from baseline", () => {
  it.each([
    ["the same lesions throughout", [BASE, BASE, BASE], []],
    ["a new lesion may appear", [BASE, [...BASE, newLesion("NL1")], [...BASE, newLesion("NL1")]], []],
    ["only a baseline: nothing to follow", [BASE], []],
    [
      "a non-target not at baseline, found once where it first appears",
      [BASE, BASE, [...BASE, nonTarget("NT2")], [...BASE, nonTarget("NT2")]],
      [
        [
          "lesion-appears",
          "A2",
          "C-A2-NT2",
          "NT2, a Non-target, at Follow-up (2024-03-25)",
          "no NT2 at baseline: only new lesions appear later",
        ],
      ],
    ],
    [
      "a baseline non-target sent as a target",
      [BASE, [target("T1", 20), target("T2", 15), target("NT1", 12)]],
      [
        [
          "lesion-appears",
          "A1",
          "C-A1-NT1",
          "NT1, a Target, at Follow-up (2024-02-12)",
          "NT1 is a Non-target at baseline",
        ],
      ],
    ],
    [
      "a target not assessed once, then measured again: it did not stop",
      [BASE, [target("T1", 20), target("T2", null, "Not assessed"), nonTarget("NT1")], BASE],
      [],
    ],
    [
      "disappeared and too small are measurements",
      [BASE, [target("T1", null, "Disappeared"), target("T2", null, "Too small"), nonTarget("NT1")]],
      [],
    ],
    [
      "a target not evaluable at the last assessment",
      [BASE, BASE, [target("T1", 20), target("T2", null, "Not evaluable"), nonTarget("NT1")]],
      [
        [
          "target-stops",
          "A2",
          "C-A0-T2",
          "T2 not measured from Follow-up (2024-03-25) on (the last assessment)",
          "T2 measured at every assessment",
        ],
      ],
    ],
    [
      "a target no longer read from the first follow-up on",
      [BASE, [target("T1", 18), nonTarget("NT1")], [target("T1", 17), nonTarget("NT1")], [target("T1", 16)]],
      [
        [
          "target-stops",
          "A1",
          "C-A0-T2",
          "T2 not measured from Follow-up (2024-02-12) on, 3 assessments to the last",
          "T2 measured at every assessment",
        ],
      ],
    ],
  ])("%s", (_, visits, expected) => {
    expect(findings(visits)).toEqual(expected);
  });
});
