import { describe, expect, it } from "vitest";
import { calendarDate, daysBetween, studyDay } from "./dates";

describe("calendarDate", () => {
  it.each([
    ["2024-03-05T09:30:00", "2024-03-05"],
    ["2024-03-05", "2024-03-05"],
    ["03/05/2024", "2024-03-05"],
    ["3/5/2024", "2024-03-05"],
    [" 12/31/2023 ", "2023-12-31"],
    ["02/29/2024", "2024-02-29"],
  ])("%s is %s", (text, date) => expect(calendarDate(text)).toBe(date));

  it.each([["02/30/2024"], ["2023-02-29"], ["13/01/2024"], ["2024/03/05"], ["tomorrow"], [""], [null], [undefined]])(
    "%s is no date",
    (text) => expect(calendarDate(text)).toBeNull(),
  );
});

describe("study days (day 1 = reference, no day 0)", () => {
  it.each([
    // date, reference, study day: worked out by counting on a calendar
    ["2024-01-10", "2024-01-10", 1],
    ["2024-01-11", "2024-01-10", 2],
    ["2024-01-09", "2024-01-10", -1],
    ["2024-01-01", "2024-01-10", -9],
    ["2024-03-01", "2024-02-28", 3], // 2024 is a leap year: Feb 28, Feb 29, Mar 1
    ["2023-03-01", "2023-02-28", 2],
    ["2025-01-10T08:00:00", "2024-01-10T23:59:00", 367], // 366 days later (2024 has 366 days), plus one
  ])("%s against %s is day %i", (date, reference, day) => expect(studyDay(date, reference)).toBe(day));

  it("is null when a date is missing or unreadable", () => {
    expect(studyDay("soon", "2024-01-10")).toBeNull();
    expect(daysBetween("2024-01-10", "x")).toBeNaN();
  });
});
