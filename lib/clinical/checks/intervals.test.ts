import { describe, expect, it } from "vitest";
import { type SubjectAssessments, subjectAssessments } from "../response/assessment-response";
import { subject, target } from "../response/test-rows";
import { intervalFindings, usualIntervals } from "./intervals";

const DAY0 = Date.UTC(2024, 0, 1);
const date = (day: number) => new Date(DAY0 + day * 86_400_000).toISOString().slice(0, 10);

/** A subject assessed on these days since 2024-01-01, from its intervals (the baseline on day 0). */
function course(id: string, intervals: number[]): SubjectAssessments {
  const days = [0];
  for (const gap of intervals) days.push(days[days.length - 1] + gap);
  return subjectAssessments(
    subject(
      days.map((d) => ({ date: date(d), lesions: [target("T1", 20)] })),
      id,
    ),
  );
}

/** Every finding of the study, as [subject, assessment, previous assessment, found, expected]. */
function findings(study: Record<string, number[]>) {
  const subjects = Object.entries(study).map(([id, gaps]) => [id, course(id, gaps)] as const);
  const usual = usualIntervals(subjects.map(([, s]) => s));
  return subjects.flatMap(([id, s]) =>
    intervalFindings(id, s, usual).map((f) => {
      expect(f.rule).toBe("interval");
      return [f.subjectId, ...f.records.map((r) => r.key), f.found, f.expected];
    }),
  );
}

/** Five subjects on the same schedule. */
const five = (gaps: number[]) => Object.fromEntries([1, 2, 3, 4, 5].map((i) => [`S${i}`, gaps]));
const FROM_1_TO_2 = "intervals from follow-up 1 to follow-up 2";

describe("intervals far longer than the study's usual one", () => {
  it.each([
    ["everybody on schedule", five([42, 42, 42]), []],
    [
      // Step 2: 42 x 5 and 85: median 42; far longer above max(1.5 x 42 = 63, 42 + 30 = 72) = 72.
      "a missed follow-up: 85 days where 42 is usual",
      { ...five([42, 42, 42]), X: [42, 85, 42] },
      [
        [
          "X",
          "A2",
          "A1",
          "85 days after Follow-up (2024-02-12)",
          `usually 42 days (the median of the study's 6 ${FROM_1_TO_2}); far longer above 72 days`,
        ],
      ],
    ],
    ["72 days where 42 is usual is not more than 42 + 30", { ...five([42, 42]), X: [42, 72] }, []],
    [
      "73 days where 42 is usual is",
      { ...five([42, 42]), X: [42, 73] },
      [
        [
          "X",
          "A2",
          "A1",
          "73 days after Follow-up (2024-02-12)",
          `usually 42 days (the median of the study's 6 ${FROM_1_TO_2}); far longer above 72 days`,
        ],
      ],
    ],
    // Step 2: 70 x 5 and 105 or 106: median 70; far longer above max(1.5 x 70 = 105, 70 + 30 = 100) = 105.
    ["105 days where 70 is usual is not more than 1.5 x 70", { ...five([42, 70]), X: [42, 105] }, []],
    [
      "106 days where 70 is usual is",
      { ...five([42, 70]), X: [42, 106] },
      [
        [
          "X",
          "A2",
          "A1",
          "106 days after Follow-up (2024-02-12)",
          `usually 70 days (the median of the study's 6 ${FROM_1_TO_2}); far longer above 105 days`,
        ],
      ],
    ],
    // Step 3 is 63 days for everybody: 71 there is on schedule, though the study's median of all is 42.
    ["a longer schedule later in the study", { ...five([42, 42, 63]), X: [42, 42, 71] }, []],
    [
      // Step 3 has one interval only (fewer than 5): judged against the median of all 13 intervals, 42.
      "a step too few subjects reach: the median of all intervals",
      { ...five([42, 42]), X: [42, 42, 100] },
      [
        [
          "X",
          "A3",
          "A2",
          "100 days after Follow-up (2024-03-25)",
          "usually 42 days (the median of all the study's 13 intervals); far longer above 72 days",
        ],
      ],
    ],
    ["fewer than 5 intervals in the study: nothing to judge by", { X: [42, 42], Y: [100] }, []],
    [
      // Step 1: 40 42 43 46 48 80, an even count: the median is the mean of 43 and 46, 44.5; far longer above
      // max(1.5 x 44.5 = 66.75, 44.5 + 30 = 74.5) = 74.5.
      "the median of an even count",
      { S1: [40], S2: [42], S3: [43], S4: [46], S5: [48], X: [80] },
      [
        [
          "X",
          "A1",
          "A0",
          "80 days after Baseline (2024-01-01)",
          "usually 44.5 days (the median of the study's 6 intervals from baseline to follow-up 1); " +
            "far longer above 74.5 days",
        ],
      ],
    ],
  ])("%s", (_, study, expected) => {
    expect(findings(study)).toEqual(expected);
  });
});
