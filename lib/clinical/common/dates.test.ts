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
    // Leap years by the Gregorian rule: every 4th year, but not every 100th, yet every 400th.
    ["2000-02-29", "2000-02-29"],
    ["1996-02-29T00:00:00", "1996-02-29"],
    ["04/30/2024", "2024-04-30"],
    ["2024-12-31 23:59", "2024-12-31"],
  ])("%s is %s", (text, date) => expect(calendarDate(text)).toBe(date));

  it.each([
    ["02/30/2024"],
    ["2023-02-29"],
    ["1900-02-29"],
    ["2100-02-29"],
    ["04/31/2024"],
    ["2024-06-31"],
    ["2024-00-10"],
    ["2024-13-01"],
    ["2024-01-00"],
    ["0099-01-01"],
    ["13/01/2024"],
    ["2024/03/05"],
    ["2024-03-05X"],
    ["tomorrow"],
    [""],
    [null],
    [undefined],
  ])("%s is no date", (text) => expect(calendarDate(text)).toBeNull());
});

describe("calendarDate, read again", () => {
  it("gives the same answer the second time, and for texts too long to be kept", () => {
    for (const text of ["2024-03-05T09:30:00", "02/30/2024", "3/5/2024"])
      expect(calendarDate(text)).toBe(calendarDate(text));
    const long = `2024-03-05T09:30:00.000000000000000000000000+01:00`;
    expect(calendarDate(long)).toBe("2024-03-05");
    expect(calendarDate(long)).toBe("2024-03-05");
  });

  it("stays right after more distinct dates than it keeps", () => {
    const day = (i: number) => `${2000 + (i % 100)}-0${1 + (i % 9)}-1${i % 10}T${String(i % 24).padStart(2, "0")}:00`;
    for (let i = 0; i < 60_000; i++) calendarDate(`${day(i)}:${String(i % 60).padStart(2, "0")}:${i}`);
    expect(calendarDate("2023-02-29")).toBeNull();
    expect(calendarDate(day(7))).toBe("2007-08-17");
  });
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
