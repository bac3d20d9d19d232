import { describe, expect, it } from "vitest";
import { subjectAssessments } from "../response/assessment-response";
import { newLesion, nonTarget, subject, target } from "../response/test-rows";
import { afterProgressionFindings } from "./after-progression";

const DATES = ["2024-01-01", "2024-02-12", "2024-03-25", "2024-05-06", "2024-06-17"];
const SIGNED: Record<string, string> = {
  CR: "Complete Response",
  PR: "Partial Response",
  SD: "Stable Disease",
  PD: "Progressive Disease",
};

/**
 * A course of one target from a baseline of 50 mm, each follow-up 42 days on (days 42, 84, 126, 168), as
 * [size in mm, signed response]; 0 is a target that disappeared. The recomputed responses are worked out in each
 * case (RECIST 1.1: PD at +20 % and +5 mm over the nadir, PR at -30 % from baseline, CR when every target is gone).
 */
function findings(course: [number, string][]) {
  const visits = [{ date: DATES[0], lesions: [target("T1", 50)] }].concat(
    course.map(([mm, signed], i) => ({
      date: DATES[i + 1],
      lesions: [mm === 0 ? target("T1", null, "Disappeared") : target("T1", mm)],
      over: { conclusion: SIGNED[signed] },
    })),
  );
  return afterProgressionFindings("S1", subjectAssessments(subject(visits))).map((f) => {
    expect([f.rule, f.subjectId]).toEqual(["after-progression", "S1"]);
    return [f.records.map((r) => r.key).join(" "), f.found, f.expected];
  });
}

const UP_TO = (fu: string) => `counting up to the first progression (Follow-up, ${fu})`;

describe("assessments after progression that would count in a best response", () => {
  it.each([
    [
      "no assessment after progression",
      [
        [40, "SD"],
        [70, "PD"],
      ],
      [],
    ],
    [
      "a response before progression is better anyway",
      [
        [30, "PR"],
        [70, "PD"],
        [40, "SD"],
      ],
      [],
    ],
    [
      // Signed: PD at day 42, SD at day 84 after it. Recomputed at day 84: 60 over the nadir 50 is +20 %, +10 mm: PD.
      "SD signed after a signed PD, recomputed PD",
      [
        [70, "PD"],
        [60, "SD"],
      ],
      [["A2 A1", "best response signed counting the 1 assessment after progression: SD", `PD, ${UP_TO("2024-02-12")}`]],
    ],
    [
      // 40 mm at day 84: -20 % from baseline, 40 is under the nadir 50: SD recomputed too.
      "SD after PD, signed and recomputed",
      [
        [70, "PD"],
        [40, "SD"],
      ],
      [
        ["A2 A1", "best response signed counting the 1 assessment after progression: SD", `PD, ${UP_TO("2024-02-12")}`],
        [
          "A2 A1",
          "best response recomputed counting the 1 assessment after progression: SD",
          `PD, ${UP_TO("2024-02-12")}`,
        ],
      ],
    ],
    [
      // SD at day 42 only counts from day 42 on: SD; a CR after the progression would make it CR.
      "a complete response after progression",
      [
        [45, "SD"],
        [70, "PD"],
        [0, "CR"],
        [0, "CR"],
      ],
      [
        [
          "A3 A4 A2",
          "best response signed counting the 2 assessments after progression: CR",
          `SD, ${UP_TO("2024-03-25")}`,
        ],
        [
          "A3 A4 A2",
          "best response recomputed counting the 2 assessments after progression: CR",
          `SD, ${UP_TO("2024-03-25")}`,
        ],
      ],
    ],
    [
      "the signed PD later than a recomputed one: each on its own track",
      [
        [40, "SD"],
        [70, "SD"],
        [70, "PD"],
      ],
      [],
    ],
  ] as [string, [number, string][], string[][]][])("%s", (_, course, expected) => {
    expect(findings(course)).toEqual(expected);
  });
});

describe("after progression, with non-target disease only", () => {
  it("Non-CR/Non-PD ranks with SD: a CR after the progression is better, a Non-CR/Non-PD after it is not", () => {
    // NT1 present at day 42 (Non-CR/Non-PD, at the 42 days), a new lesion at day 84 (PD), then NT1 gone at day 126
    // (CR) or present again (Non-CR/Non-PD, no better than the Non-CR/Non-PD counted).
    const course = (last: "Disappeared" | "Present", signed: string) =>
      subject([
        { date: DATES[0], lesions: [nonTarget("NT1")] },
        { date: DATES[1], lesions: [nonTarget("NT1")], over: { conclusion: "Non-CR/Non-PD" } },
        { date: DATES[2], lesions: [nonTarget("NT1"), newLesion()], over: { conclusion: SIGNED.PD } },
        { date: DATES[3], lesions: [nonTarget("NT1", last)], over: { conclusion: signed } },
      ]);
    const found = (records: ReturnType<typeof course>) =>
      afterProgressionFindings("S1", subjectAssessments(records)).map((f) => [f.found, f.expected]);
    const expected = `Non-CR/Non-PD, ${UP_TO("2024-03-25")}`;
    expect(found(course("Disappeared", SIGNED.CR))).toEqual([
      ["best response signed counting the 1 assessment after progression: CR", expected],
      ["best response recomputed counting the 1 assessment after progression: CR", expected],
    ]);
    expect(found(course("Present", "Non-CR/Non-PD"))).toEqual([]);
  });
});
