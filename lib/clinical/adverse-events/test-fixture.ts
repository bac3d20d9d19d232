/**
 * A small study whose adverse-event tables are worked out by hand in the tests next to it
 * (ae-summary.test.ts, ae-listing.test.ts):
 *
 *   member  Patient  sex     birth  race   age in 2023 (the members' earliest start year)
 *   S1      A        Female  1950   White  73 -> 65-74
 *   S2      B        Male    1965   White  58 -> Under 65
 *   S3      C        Female  1940   Asian  83 -> 75 and over
 *   S4      D        Male    -      -      Unknown
 *   S5      (none)   -       -      -      Unknown            N = 5
 *   (not a member: Patient E, S9)
 *
 *   key  subject  term      grade  causality        ongoing  start       end
 *   k1   A        Headache  1      Unlikely         no       2024-01-10  2024-01-12
 *   k2   A        Headache  3      Possible         no       2024-02-01  2024-02-01
 *   k3   A        Headache  -      Unlikely         no       2024-03-01  -
 *   k4   B        Headache  -      Unlikely         no       2023-12-05  2023-12-06
 *   k5   B        Nausea    2      Certain          yes      2024-02-10  2024-02-08   (ends before it starts)
 *   k6   C        Nausea    5      Unlikely         no       2024-04-01  2024-04-03
 *   k7   C        Nausea    -      -                no       2024-04-02  -
 *   k2   A        Headache  5      ...                                                (sent again: ignored)
 *   k8   E        Headache  4      Possible         no       2022-06-01  -            (not in the Group)
 *   k9   (none)   Rash      2      Unlikely         no       -           -            (names no Patient)
 *   k10  D        Rash      -      Probably/Likely  -        2024-05-01  -
 *
 * First doses of the study drug (FIRST_DOSES, for the tests of treatment-emergent events and study days):
 *
 *   A 2024-02-01   B 2024-02-09   C none (a record without a readable start)   D 2024-04-30   E 2022-06-01
 */

import type { SubjectDemographics } from "../subjects/demographics";
import type { AdverseEventRow } from "./rows";

const patient = (
  subjectId: string,
  number: string,
  sex: string | null,
  birthYear: number | null,
  race: string | null,
): SubjectDemographics => ({
  subjectId,
  subjectStudyNumber: number,
  sex,
  birthYear,
  race,
  ethnicity: null,
  sponsorStudyNumber: null,
});

export const MEMBERS = ["S1", "S2", "S3", "S4", "S5", "S1"];
export const PATIENTS = [
  patient("A", "S1", "Female", 1950, "White"),
  patient("B", "S2", "Male", 1965, "White"),
  patient("C", "S3", "Female", 1940, "Asian"),
  patient("D", "S4", "Male", null, null),
  patient("E", "S9", "Female", 1980, "White"),
];

const ae = (
  key: string,
  subjectId: string | null,
  term: string,
  grade: AdverseEventRow["grade"],
  causality: string | null,
  ongoing: boolean | null,
  start: string | null,
  end: string | null,
): AdverseEventRow => ({
  key,
  subjectId,
  sequence: 1,
  term,
  grade,
  ctcaeVersion: "5.0",
  start,
  end,
  ongoing,
  outcome: null,
  causality,
  suspectProduct: "Zal",
  verified: true,
});

export const EVENTS: AdverseEventRow[] = [
  ae("k1", "A", "Headache", 1, "Unlikely", false, "2024-01-10", "2024-01-12"),
  ae("k2", "A", "Headache", 3, "Possible", false, "2024-02-01", "2024-02-01"),
  ae("k3", "A", "Headache", null, "Unlikely", false, "2024-03-01", null),
  ae("k4", "B", "Headache", null, "Unlikely", false, "2023-12-05", "2023-12-06"),
  ae("k5", "B", "Nausea", 2, "Certain", true, "2024-02-10", "2024-02-08"),
  ae("k6", "C", "Nausea", 5, "Unlikely", false, "2024-04-01", "2024-04-03"),
  ae("k7", "C", "Nausea", null, null, false, "2024-04-02", null),
  ae("k2", "A", "Headache", 5, "Certain", true, "2024-02-01", null),
  ae("k8", "E", "Headache", 4, "Possible", false, "2022-06-01", null),
  ae("k9", null, "Rash", 2, "Unlikely", false, null, null),
  ae("k10", "D", "Rash", null, "Probably/Likely", null, "2024-05-01", null),
];

export const FIRST_DOSES = new Map<string, string | null>([
  ["A", "2024-02-01"],
  ["B", "2024-02-09"],
  ["C", null],
  ["D", "2024-04-30"],
  ["E", "2022-06-01"],
]);
