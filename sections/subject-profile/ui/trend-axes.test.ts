import { describe, expect, it } from "vitest";
import { at, onset, point, trend } from "../testing";
import { axisDate, axisStudyDay, studyDayTicks, timeDomain, timeTicks, valueAxis } from "./trend-axes";

describe("timeDomain", () => {
  it("reaches from the earliest onset, point or band to the latest", () =>
    expect(timeDomain(trend("raw"), [onset])).toEqual([at("2023-01-05T00:00:00"), at("2023-01-20T08:00:00")]));

  it("includes a band beyond the last point", () =>
    expect(timeDomain(trend("raw"), [])).toEqual([at("2023-01-09T08:00:00"), at("2023-01-20T08:00:00")]));

  it("is null with nothing to plot", () => expect(timeDomain({ ...trend("raw"), series: [] }, [])).toBeNull());
});

describe("axisDate", () => {
  it("is the calendar date of the wall-clock time", () =>
    expect(axisDate(at("2023-01-10T23:59:00"))).toBe("2023-01-10"));
});

describe("timeTicks: whole days, evenly spaced, at most 8", () => {
  it.each([
    // 3 days: one a day, from the first midnight inside the domain.
    [
      ["2023-01-01T06:00:00", "2023-01-04T00:00:00"],
      ["2023-01-02", "2023-01-03", "2023-01-04"],
    ],
    // 20 days: 1 and 2 days give 20 and 10 ticks (too many), 7 days gives 3 (weeks counted from 1970-01-01).
    [
      ["2023-01-01T00:00:00", "2023-01-21T00:00:00"],
      ["2023-01-05", "2023-01-12", "2023-01-19"],
    ],
  ])("%j: %j", ([from, to], dates) => expect(timeTicks([at(from), at(to)]).map(axisDate)).toEqual(dates));

  it("keeps to at most 8 ticks over any span", () => {
    for (const days of [1, 5, 30, 100, 365, 2000, 20000])
      expect(timeTicks([0, days * 86_400_000]).length).toBeLessThanOrEqual(8);
  });
});

describe("valueAxis: round ticks around the points and their bands, with room", () => {
  const p = (value: number, low: number | null, high: number | null) => ({
    ...point("x", "2023-01-10T08:00:00", value, value, null, false),
    band: low === null && high === null ? null : { x1: 0, x2: 0, low, high },
  });
  it.each([
    // ALT 48 and 67 under <=40: span 40-67, margin 2.7, so 69.7; open below, so from 0; 13.9 a tick, step 20.
    [
      [p(48, null, 40), p(67, null, 40)],
      [0, 20, 40, 60, 80],
    ],
    // NEUT 0.4 in 1.8-7.7: span 0.4-7.7, margin 0.73, 0 (not below) to 8.43; 1.69 a tick, step 2: 0 to 10.
    [[p(0.4, 1.8, 7.7)], [0, 2, 4, 6, 8, 10]],
    // temperature 35.9-36.7, no band: margin 0.08, 35.82 to 36.78; 0.19 a tick, step 0.2: 35.8 to 36.8.
    [
      [p(35.9, null, null), p(36.7, null, null)],
      [35.8, 36, 36.2, 36.4, 36.6, 36.8],
    ],
    // a negative value, band -2 to 2: margin 0.4, -2.4 to 2.4; 0.96 a tick, step 1: -3 to 3.
    [[p(-2, -2, 2)], [-3, -2, -1, 0, 1, 2, 3]],
    // a single 0: one either side, floored at 0; 0.2 a tick.
    [[p(0, null, null)], [0, 0.2, 0.4, 0.6, 0.8, 1]],
  ])("%#: ticks %j", (points, ticks) => {
    const axis = valueAxis(points);
    expect(axis.ticks).toEqual(ticks);
    expect(axis.domain).toEqual([ticks[0], ticks[ticks.length - 1]]);
  });

  it("holds the lines drawn across it: the liver panel's 3 and 2 ×ULN", () => {
    // 0.5 and 1.2 ×ULN alone: margin 0.07, 0.43 to 1.27; 0.168 a tick, step 0.2: 0.4 to 1.4.
    expect(valueAxis([p(0.5, null, null), p(1.2, null, null)]).ticks).toEqual([0.4, 0.6, 0.8, 1, 1.2, 1.4]);
    // With 3 and 2: 0.5 to 3, margin 0.25, 0.25 to 3.25; 0.6 a tick, step 1: 0 to 4, both lines inside.
    expect(valueAxis([p(0.5, null, null), p(1.2, null, null)], [3, 2]).ticks).toEqual([0, 1, 2, 3, 4]);
  });
});

describe("the study-day axis: day 1 the reference date, no day 0", () => {
  // Day 1 is 2023-01-10: Jan 10 is day 1, Jan 9 day -1 (no day 0), Jan 17 day 8.
  it.each([
    ["2023-01-10T08:00:00", 1],
    ["2023-01-10T23:59:00", 1],
    ["2023-01-09T12:00:00", -1],
    ["2023-01-08T00:00:00", -2],
    ["2023-01-17T00:00:00", 8],
  ])("%s is study day %i", (time, day) => expect(axisStudyDay(at(time), "2023-01-10")).toBe(day));

  it("puts its ticks on days 1, 8, 15... counted from day 1, and -7 before it, as the timeline does", () => {
    // Jan 1 to Jan 31 (30 days): 7-day steps give 5 ticks (under 8). From Jan 10 back a week: Jan 3 (day -7).
    const ticks = studyDayTicks([at("2023-01-01T00:00:00"), at("2023-01-31T00:00:00")], "2023-01-10");
    expect(ticks.map(axisDate)).toEqual(["2023-01-03", "2023-01-10", "2023-01-17", "2023-01-24", "2023-01-31"]);
    expect(ticks.map((t) => axisStudyDay(t, "2023-01-10"))).toEqual([-7, 1, 8, 15, 22]);
  });
});
