/**
 * A subject for the response page's tests, worked by hand (docs/clinical-rules.md, Tumour response). Test data
 * only: the derivations build the subject's response; the tests' expected values are written out by hand.
 *
 * Baseline 2024-01-01: T1 30 + T2 20 = 50 mm, NT1 present; reported 50, "Undefined".
 *   FU1 2024-02-12, day 42:  24 + 16 = 40: -10 mm, -20 % (40 > 0.7 x 50 = 35): SD; signed "Partial Response".
 *   FU2 2024-03-25, day 84:  40 + 22 = 62: +12 mm (+24 %) from baseline, +22 mm (+55 %) over the nadir 40: PD;
 *                            reported 65 with changes +15, +25, +25 mm; signed "Progressive Disease".
 *   FU3 2024-05-06, day 126: 12 + 8 = 20: -30 mm (-60 %), -42 mm from the previous 62, -20 mm (-50 %) from the
 *                            nadir 40: PR, after the progression; signed "Partial Response"; NT1 not read.
 *   FU4 without a date: set aside.
 * BOR recomputed SD (FU1 at day 42 meets 42 days; FU2 is the first PD), as signed PR.
 */
import { DEFAULT_RESPONSE_OPTIONS } from "@/lib/clinical/response/best-response";
import type { SubjectRecords } from "@/lib/clinical/response/subject-records";
import { type SubjectResponse, subjectResponse } from "@/lib/clinical/response/subject-response";
import { nonTarget, subject, target } from "@/lib/clinical/response/test-rows";

export function progressedRecords(): SubjectRecords {
  return subject([
    {
      date: "2024-01-01",
      lesions: [target("T1", 30), target("T2", 20), nonTarget("NT1")],
      over: { targetSum: 50, changeFromBaseline: "--", changeFromPrevious: "--", changeFromNadir: "--" },
    },
    {
      date: "2024-02-12",
      lesions: [target("T1", 24), target("T2", 16), nonTarget("NT1")],
      over: {
        targetSum: 40,
        changeFromBaseline: "-10 mm",
        changeFromPrevious: "-10.1 mm",
        changeFromNadir: "-10 mm",
        conclusion: "Partial Response",
      },
    },
    {
      date: "2024-03-25",
      lesions: [target("T1", 40), target("T2", 22), nonTarget("NT1")],
      over: {
        targetSum: 65,
        changeFromBaseline: "+15 mm",
        changeFromPrevious: "+25 mm",
        changeFromNadir: "+25 mm",
        conclusion: "Progressive Disease",
      },
    },
    {
      date: "2024-05-06",
      lesions: [target("T1", 12), target("T2", 8)],
      over: {
        targetSum: 20,
        changeFromBaseline: "-30 mm",
        changeFromPrevious: "-42 mm",
        changeFromNadir: "-20 mm",
        conclusion: "Partial Response",
      },
    },
    { date: null, lesions: [], over: { name: "Follow-up 9", conclusion: "Stable Disease" } },
  ]);
}

export const progressedSubject = (): SubjectResponse => subjectResponse(progressedRecords(), DEFAULT_RESPONSE_OPTIONS);
