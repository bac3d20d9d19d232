/**
 * The subject timeline, with expected study days counted by hand on a
 * calendar (day 1 = the reference date, the day before is -1, no day 0).
 * Reference 2024-02-27 in every span case below: Feb 2024 has 29 days, so
 * 2024-03-01 is day 4 (Feb 27 = 1, Feb 28 = 2, Feb 29 = 3, Mar 1 = 4).
 */
import { describe, expect, it } from "vitest";
import type { AdverseEventRow } from "../adverse-events/rows";
import type { StudyDayReference } from "../common/study-day-reference";
import type { MeasurementRow } from "../measurements/rows";
import type { MedicationRow } from "../medications/rows";
import type { AssessmentRow } from "../response/assessments";
import { buildTimeline, type TimelineInput } from "./timeline";

const REF: StudyDayReference = { date: "2024-02-27", source: "first dose" };

const ae = (over: Partial<AdverseEventRow>): AdverseEventRow => ({
  key: "AE-1",
  subjectId: "S1",
  sequence: 1,
  term: "Nausea",
  grade: 2,
  ctcaeVersion: "5.0",
  start: "2024-03-01",
  end: "2024-03-03",
  ongoing: false,
  outcome: "Resolved",
  causality: "Possible",
  suspectProduct: "Zalvotinib",
  verified: true,
  ...over,
});
const med = (over: Partial<MedicationRow>): MedicationRow => ({
  id: "M-1",
  subjectId: "S1",
  drug: "Zalvotinib 100 MG Oral Capsule",
  dose: 100,
  doseUnit: "mg",
  route: "Oral",
  method: null,
  directions: null,
  start: "2024-02-27",
  end: "2024-03-10",
  unreadableStart: null,
  unreadableEnd: null,
  sourceType: "Prescription",
  ...over,
});
const lab = (id: string, collectedAt: string | null, visit: string | null): MeasurementRow => ({
  id,
  subjectId: "S1",
  test: "ALT",
  code: "LB1",
  visit,
  collectedAt,
  value: 30,
  text: null,
  unit: "U/L",
  range: "0-40",
});
// The timeline reads an assessment's key, date and conclusion only.
const dr = (key: string, date: string | null, conclusion: string | null) =>
  ({ key, subjectId: "S1", date, conclusion }) as AssessmentRow;

const input = (over: Partial<TimelineInput>): TimelineInput => ({
  reference: REF,
  adverseEvents: [],
  medications: [],
  products: ["zalvotinib"],
  assessments: [],
  labs: [],
  vitals: [],
  ...over,
});

// A vital sign on 2024-03-20 makes day 23 the last data day (Feb 27..29 = 3 days, Mar 1..20 = 20 days).
const LAST = lab("V", "2024-03-20T08:00:00", "Week 3");

describe("adverse-event spans", () => {
  it.each([
    // what, record, [startDay, endDay (drawn), end]
    ["ended", {}, [4, 6, "ended"]],
    ["one day", { end: "2024-03-01" }, [4, 4, "ended"]],
    ["before day 1", { start: "2024-02-20", end: "2024-02-26" }, [-7, -1, "ended"]],
    ["across day 1 (no day 0)", { start: "2024-02-26", end: "2024-02-27" }, [-1, 1, "ended"]],
    ["ongoing: to the last data day", { end: null, ongoing: true }, [4, 23, "ongoing"]],
    ["ongoing whatever its end", { end: "2024-03-02", ongoing: true }, [4, 23, "ongoing"]],
    ["no end, not ongoing: its start only", { end: null, ongoing: false }, [4, 4, "end not recorded"]],
    ["no end, ongoing unknown", { end: null, ongoing: null }, [4, 4, "end not recorded"]],
    ["ends before it starts: its start only", { end: "2024-02-28" }, [4, 4, "ends before start"]],
  ] as const)("%s", (_what, over, [startDay, endDay, end]) => {
    const t = buildTimeline(input({ adverseEvents: [ae(over)], vitals: [LAST] }));
    expect(t.spans).toHaveLength(1);
    expect(t.spans[0]).toMatchObject({ kind: "adverse-event", key: "AE-1", startDay, endDay, end, grade: 2 });
    expect(t.lastDay).toBe(23);
  });

  it("counts events without a start date instead of placing them, and keeps one lane per term", () => {
    const t = buildTimeline(
      input({
        adverseEvents: [
          ae({ key: "A", term: "Rash", start: "2024-03-05", end: "2024-03-06" }),
          ae({ key: "B", start: null }),
          ae({ key: "C", term: "Nausea" }),
          ae({ key: "D", term: "Rash", start: "2024-02-28", end: "2024-02-29" }),
        ],
      }),
    );
    expect(t.undated.adverseEvents).toBe(1);
    // Lanes by first start: Rash (Feb 28) before Nausea (Mar 1).
    expect(t.lanes).toEqual([
      { kind: "adverse-event", label: "Rash" },
      { kind: "adverse-event", label: "Nausea" },
    ]);
    expect(t.spans.map((s) => [s.key, s.lane, s.startDay, s.endDay])).toEqual([
      ["D", 0, 2, 3],
      ["C", 1, 4, 6],
      ["A", 0, 8, 9],
    ]);
  });
});

describe("medication spans", () => {
  it.each([
    ["ended", {}, [1, 13, "ended", true]],
    ["open-ended: to the last data day", { end: null }, [1, 23, "open-ended", true]],
    ["ends before it starts", { start: "2024-03-01", end: "2024-02-28" }, [4, 4, "ends before start", true]],
    ["a concomitant medication", { drug: "ondansetron 8 MG Oral Tablet" }, [1, 13, "ended", false]],
    ["study drug by its source type", { drug: "Drug X", sourceType: "Study drug" }, [1, 13, "ended", true]],
    // An end that was sent but is no date is not an open end (docs/clinical-rules.md, Medications): its start only.
    ["unreadable end", { end: null, unreadableEnd: "2024-02-30" }, [1, 1, "end unreadable", true]],
  ] as const)("%s", (_what, over, [startDay, endDay, end, studyMedication]) => {
    const t = buildTimeline(input({ medications: [med(over)], vitals: [LAST] }));
    expect(t.spans[0]).toMatchObject({ kind: "medication", startDay, endDay, end, studyMedication, grade: null });
  });

  it("puts study medication lanes first, and counts records without a start", () => {
    const t = buildTimeline(
      input({
        medications: [
          med({ id: "c", drug: "ondansetron", start: "2024-02-01" }),
          med({ id: "s2", drug: "Zalvotinib 25 MG Oral Capsule", start: "2024-03-11" }),
          med({ id: "s1" }),
          med({ id: "x", start: null }),
        ],
      }),
    );
    expect(t.lanes.map((l) => l.label)).toEqual([
      "Zalvotinib 100 MG Oral Capsule",
      "Zalvotinib 25 MG Oral Capsule",
      "ondansetron",
    ]);
    expect(t.spans.map((s) => [s.key, s.startDay])).toEqual([
      ["s1", 1],
      ["s2", 14],
      ["c", -26], // Feb 1 to Feb 27 is 26 days
    ]);
    expect(t.undated.medications).toBe(1);
    // The concomitant medication does not move the first day drawn: it is drawn from day 1 (clipped).
    expect(t.firstDay).toBe(1);
    expect(t.spans.map((s) => [s.key, s.from, s.to])).toEqual([
      ["s1", 1, 13],
      ["s2", 14, 14], // Mar 11 to the default end Mar 10: ends before it starts, drawn at its start
      ["c", 1, 13],
    ]);
  });
});

describe("the first day drawn", () => {
  it("is the earliest dated record other than a non-study medication, which is clipped to it", () => {
    const t = buildTimeline(
      input({
        adverseEvents: [ae({ start: "2024-02-20", end: "2024-02-21" })],
        medications: [
          med({ id: "old", drug: "apixaban", start: "2020-11-21", end: null }),
          med({ id: "prior", drug: "aspirin", start: "2023-01-01", end: "2023-06-01" }),
          med({ id: "dose", start: "2024-02-27", end: "2024-02-27" }),
        ],
        vitals: [LAST],
      }),
    );
    // Feb 20 is day -7; the vital sign on Mar 20 is the last data day, 23.
    expect([t.firstDay, t.lastDay]).toEqual([-7, 23]);
    const byKey = new Map(t.spans.map((s) => [s.key, s]));
    // apixaban: 2020-11-21 to 2024-02-27 is 1193 days (2020-11-21..2021-11-21 365, ..2022-11-21 365,
    // ..2023-11-21 365, ..2024-02-27 98): day -1193, open-ended to day 23, drawn from day -7.
    expect(byKey.get("old")).toMatchObject({ startDay: -1193, endDay: 23, from: -7, to: 23, end: "open-ended" });
    // aspirin ended long before: drawn as a sliver at the first day.
    expect(byKey.get("prior")).toMatchObject({ from: -7, to: -7, end: "ended" });
    expect(byKey.get("dose")).toMatchObject({ startDay: 1, endDay: 1, from: 1, to: 1 });
  });
});

describe("markers", () => {
  it("places assessments by date with their signed conclusion, and laboratory visits once per date", () => {
    const t = buildTimeline(
      input({
        assessments: [
          dr("A2", "2024-04-09", "Partial Response"),
          dr("A1", "2024-02-20", "Undefined"),
          dr("A3", null, "SD"),
        ],
        labs: [
          lab("1", "2024-02-26T08:00:00", "Screening"),
          lab("2", "2024-02-26T09:30:00", "Screening"),
          lab("3", "2024-03-05T08:00:00", "Cycle 1 Day 8"),
          lab("4", "not a date", "Cycle 2"),
        ],
      }),
    );
    expect(t.lanes).toEqual([
      { kind: "assessment", label: "Response assessments" },
      { kind: "laboratory", label: "Laboratory visits" },
    ]);
    // Feb 20 -> -7; Apr 9: Feb 27..29 = 3, March 31, Apr 1..9 = 9: day 43. Mar 5: 3 + 5 = day 8.
    expect(t.markers.map((m) => [m.kind, m.key, m.day, m.label, m.count])).toEqual([
      ["assessment", "A1", -7, "Undefined", 1],
      ["assessment", "A2", 43, "Partial Response", 1],
      ["laboratory", "2024-02-26", -1, "Screening", 2],
      ["laboratory", "2024-03-05", 8, "Cycle 1 Day 8", 1],
    ]);
    expect(t.undated).toEqual({ adverseEvents: 0, medications: 0, assessments: 1, laboratory: 1 });
    expect([t.firstDay, t.lastDay]).toEqual([-7, 43]);
  });
});
