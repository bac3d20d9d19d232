import { describe, expect, it } from "vitest";
import { onTreatment } from "./on-treatment";

const done = { firstDose: "2024-03-01", lastDose: "2024-05-10", ongoing: false };

describe("onTreatment", () => {
  it.each([
    ["the day before the first dose", "2024-02-29", false],
    ["the day of the first dose", "2024-03-01", true],
    ["the last dose", "2024-05-10", true],
    ["the window's last day (last dose + 30)", "2024-06-09", true],
    ["the day after the window", "2024-06-10", false],
    ["a date-time on the window's last day", "2024-06-09T23:59:00", true],
  ])("%s: %s", (_, date, expected) => {
    expect(onTreatment(date, done, 30)).toBe(expected);
  });

  it("is open at the end while the subject is on drug", () => {
    expect(onTreatment("2030-01-01", { ...done, ongoing: true }, 0)).toBe(true);
  });

  it("is never on treatment without a first dose or a date", () => {
    expect(onTreatment("2024-04-01", { firstDose: null, lastDose: null, ongoing: false }, 30)).toBe(false);
    expect(onTreatment("2024-04-01", undefined, 30)).toBe(false);
    expect(onTreatment(null, done, 30)).toBe(false);
  });
});
