import { describe, expect, it } from "vitest";
import { dayReader, plannedDay, type VisitDated, visitOrder, visitPhase, visitRank } from "./visit-order";

const r = (subjectId: string | null, visit: string | null, collectedAt: string | null): VisitDated => ({
  subjectId,
  visit,
  collectedAt,
});

const labels = (...visits: (string | null)[]) => visits.map((v) => r("A", v, null));

describe("visit order: the schedule read from the labels", () => {
  it.each([
    {
      name: "End of Treatment after the last cycle, whatever its dates; cycles by number, not by text",
      visits: ["End of Treatment", "Cycle 10 Day 1", "Cycle 2 Day 1", "Screening", "Cycle 1 Day 15", "Cycle 1 Day 1"],
      order: ["Screening", "Cycle 1 Day 1", "Cycle 1 Day 15", "Cycle 2 Day 1", "Cycle 10 Day 1", "End of Treatment"],
    },
    {
      // Day 1 is day 1, Week 2 day 15, Day 22 day 22, Week 4 day 29, Week 12 day 85.
      name: "days and weeks by their planned day",
      visits: ["Week 12", "Week 4", "Day 22", "Week 2", "Day 1", "Screening"],
      order: ["Screening", "Day 1", "Week 2", "Day 22", "Week 4", "Week 12"],
    },
    {
      name: "follow-up after End of Treatment, end of study after follow-up, unscheduled visits last",
      visits: ["Unscheduled 2", "End of Study", "Follow-up 2", "Unscheduled 1", "Follow-up 1", "EOT", "Day 1"],
      order: ["Day 1", "EOT", "Follow-up 1", "Follow-up 2", "End of Study", "Unscheduled 1", "Unscheduled 2"],
    },
    {
      name: "treatment labels without a planned day after those with one, by name with numbers as numbers",
      visits: ["Visit 10", "Baseline", "Visit 9", "Day 8", "Randomisation"],
      order: ["Baseline", "Day 8", "Randomisation", "Visit 9", "Visit 10"],
    },
  ])("$name", ({ visits, order }) => expect(visitOrder(labels(...visits))).toEqual(order));

  it("counts each label once and leaves out records without a visit", () =>
    expect(visitOrder(labels("Week 4", null, "Week 4", "Screening"))).toEqual(["Screening", "Week 4"]));

  it("is empty without visits", () => expect(visitOrder([r("A", null, "2024-01-01")])).toEqual([]));
});

describe("the planned day a label states", () => {
  it.each([
    ["Day 1", 1],
    ["day -7", -7],
    ["Week 4", 29], // 7 x 4 + 1
    ["Week 2 Day 3", 17], // 7 x 2 + 3
    ["Cycle 2 Day 1", null], // the cycle's length is not sent
    ["End of Treatment", null],
  ])("%s: %s", (label, day) => expect(plannedDay(label)).toBe(day));
});

describe("the phase of a label", () => {
  it.each([
    ["Screening", 0],
    ["Cycle 3 Day 1", 1],
    ["End of Treatment", 2],
    ["Safety Follow-up", 3],
    ["End of Study", 4],
    ["Unscheduled", 5],
  ])("%s: %i", (label, phase) => expect(visitPhase(label)).toBe(phase));
});

describe("a visit's rank in the order", () => {
  const rank = visitRank(["Screening", "Cycle 1", "End of Treatment"]);
  it.each([
    ["Screening", 0],
    ["End of Treatment", 2],
    ["Not in the order", 3], // after every visit of the order
    [null, Number.MAX_SAFE_INTEGER], // no visit: last of all
  ])("%s ranks %i", (visit, n) => expect(rank(visit)).toBe(n));
});

describe("collection dates as day numbers, each date read once", () => {
  const day = dayReader();
  it.each([
    // 2024-01-01 is day 54 x 365 + 13 leap days = 19723 after 1970-01-01, so Jan 2 is day 19724.
    ["2024-01-02T08:00:00", 19724],
    ["2024-01-02T23:59:59", 19724],
    ["2024-01-02 09:00", 19724],
    ["2024-01-03", 19725],
  ])("%s is day %i", (text, n) => expect(day(text)).toBe(n));
  // A US date is readable elsewhere (AdverseEvent extensions), but a collection time must start YYYY-MM-DD.
  it.each([["2024-02-30T00:00:00"], ["01/02/2024"], [" 2024-01-02"], ["soon"], [null]])("%s is no date", (text) =>
    expect(day(text)).toBeNaN(),
  );
});
