import { describe, expect, it } from "vitest";
import type { TreatmentWindow } from "../exposure/on-treatment";
import { onTreatmentPeaks, type TreatmentPlace, treatmentPlace } from "./on-treatment-peaks";
import { readLiverResults } from "./peaks";
import { lab } from "./test-rows";

// First dose 10 January, last dose 1 March 2024: on treatment from 11 January (10 January is the baseline's day)
// to 31 March with 30 days (2024 is a leap year: 1 March + 30 days is 31 March).
const S1: TreatmentWindow = { firstDose: "2024-01-10", lastDose: "2024-03-01", ongoing: false };
const ONGOING: TreatmentWindow = { firstDose: "2024-02-01", lastDose: "2024-02-01", ongoing: true };
const LATE: TreatmentWindow = { firstDose: "2024-05-01", lastDose: "2024-05-01", ongoing: false };

describe("treatmentPlace", () => {
  it.each<[string | null, TreatmentWindow | undefined, number, TreatmentPlace]>([
    ["2024-01-09", S1, 30, "before"],
    ["2024-01-10", S1, 30, "before"], // the first dose's day: the pre-dose baseline's
    ["2024-01-11", S1, 30, "on"], // the day after the first dose
    ["2024-03-01", S1, 0, "on"], // the last dose's day, no days after it
    ["2024-03-02", S1, 0, "after"],
    ["2024-03-31", S1, 30, "on"], // last dose + 30
    ["2024-04-01", S1, 30, "after"], // last dose + 31
    ["2030-01-01", ONGOING, 30, "on"], // still on drug: no end
    [null, S1, 30, "undated"],
    ["2024-02-01", undefined, 30, "no-first-dose"],
    [null, undefined, 30, "no-first-dose"], // the subject's missing first dose first
    ["2024-02-01", { firstDose: null, lastDose: null, ongoing: false }, 30, "no-first-dose"],
  ])("%s, window %j + %s days: %s", (date, exposure, days, place) =>
    expect(treatmentPlace(date, exposure, days)).toBe(place),
  );
});

describe("onTreatmentPeaks", () => {
  const rows = [
    lab("S1", "ALT", 200, "2024-01-09"), // 5.0, the day before the first dose: left out
    lab("S1", "ALT", 40, "2024-01-10"), // 1.0, the first dose's day: left out
    lab("S1", "BILI", 1.8, "2024-01-10"), // 1.5, the first dose's day: left out
    lab("S1", "BILI", 0.6, "2024-01-11"), // 0.5, the on-treatment peak
    lab("S1", "ALT", 60, "2024-02-15"), // 1.5
    lab("S1", "ALT", 80, "2024-03-31"), // 2.0, last dose + 30: the on-treatment peak
    lab("S1", "ALT", 160, "2024-04-01"), // 4.0, last dose + 31: left out
    lab("S2", "ALT", 200, "2024-01-10"), // no exposure at all
    lab("S3", "ALT", 120, "2025-01-01"), // on drug still: 3.0
    lab("S3", "ALT", 300, null), // undated: left out
    lab("S4", "ALT", 50, "2024-04-01"), // before its first dose: none of S4's results is on treatment
  ];
  const exposure = new Map([
    ["S1", S1],
    ["S3", ONGOING],
    ["S4", LATE],
  ]);
  const read = readLiverResults(rows);

  it("takes each peak from the results on treatment, and counts the others by why", () => {
    const on = onTreatmentPeaks(read, exposure, 30);
    expect(on.peaks.bySubject.get("S1")?.ALT?.timesUln).toBe(2);
    expect(on.peaks.bySubject.get("S1")?.BILI?.timesUln).toBe(0.5);
    expect(on.peaks.bySubject.get("S3")?.ALT?.timesUln).toBe(3);
    expect([...on.peaks.bySubject.keys()]).toEqual(["S1", "S3"]);
    // Before: S1's 9 January, its two of 10 January, and S4's 1 April; after: S1's 1 April.
    expect(on.outside).toEqual({ "no-first-dose": 1, undated: 1, before: 4, after: 1 });
    expect([...on.noFirstDose]).toEqual(["S2"]);
    expect([...on.noneOnTreatment]).toEqual(["S4"]);
  });

  it("follows the window's days", () => {
    // 0 days: S1's 31 March is after the window too; its peak is the 1.5 of 15 February.
    const on = onTreatmentPeaks(read, exposure, 0);
    expect(on.peaks.bySubject.get("S1")?.ALT?.timesUln).toBe(1.5);
    expect(on.outside).toEqual({ "no-first-dose": 1, undated: 1, before: 4, after: 2 });
  });
});
