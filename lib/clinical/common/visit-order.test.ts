import { describe, expect, it } from "vitest";
import { dayReader, type VisitDated, visitOrder, visitRank } from "./visit-order";

const r = (subjectId: string | null, visit: string | null, collectedAt: string | null): VisitDated => ({
  subjectId,
  visit,
  collectedAt,
});

describe("visit order: the median over subjects of the days from the subject's first record", () => {
  it.each([
    {
      name: "End of Treatment late in A's course comes after Cycle 2 (an earliest-date rule would put it before)",
      rows: [
        // A: day 0 = Jan 1; Cycle 1 at day 14; End of Treatment on Mar 1 = day 60 (31 + 29).
        r("A", "Screening", "2024-01-01T08:00:00"),
        r("A", "Cycle 1 Day 1", "2024-01-15T08:00:00"),
        r("A", "End of Treatment", "2024-03-01T08:00:00"),
        // B: day 0 = Mar 1; Cycle 1 at day 19; Cycle 2 on Apr 17 = day 47 (31 + 16).
        r("B", "Cycle 2 Day 1", "2024-04-17T08:00:00"),
        r("B", "Screening", "2024-03-01T08:00:00"),
        r("B", "Cycle 1 Day 1", "2024-03-20T08:00:00"),
      ],
      // Screening 0, Cycle 1 median(14, 19) = 16.5, Cycle 2 47, End of Treatment 60.
      order: ["Screening", "Cycle 1 Day 1", "Cycle 2 Day 1", "End of Treatment"],
    },
    {
      name: "equal medians: the earlier date first",
      rows: [
        r("A", "Screening", "2024-01-01"),
        r("A", "Y", "2024-01-10"), // day 9
        r("B", "Screening", "2024-03-01"),
        r("B", "X", "2024-03-10"), // day 9, but later
      ],
      order: ["Screening", "Y", "X"],
    },
    {
      name: "the first record of a subject may be of any visit; a visit counts its first record per subject",
      rows: [
        r("A", "Week 4", "2024-02-01"), // day 31 from Jan 1
        r("A", "Week 4", "2024-01-20"), // a second Week 4 record, earlier: day 19 counts
        r("A", "Day 1", "2024-01-01"), // day 0
        r("A", "Week 8", "2024-01-25"), // day 24: before Week 4's 31 would be, after its 19
      ],
      order: ["Day 1", "Week 4", "Week 8"],
    },
    {
      name: "visits without a dated record of a known subject come after, by earliest date, then by name",
      rows: [
        r("A", "Screening", "2024-01-01"),
        r("A", "Visit 10", null),
        r("A", "Visit 9", "not a date"),
        r(null, "Unscheduled", "2023-12-01"),
        r("A", null, "2023-01-01"), // no visit: not in the order, and its date is still A's first
      ],
      order: ["Screening", "Unscheduled", "Visit 9", "Visit 10"],
    },
  ])("$name", ({ rows, order }) => expect(visitOrder(rows)).toEqual(order));

  it("is empty without visits", () => expect(visitOrder([r("A", null, "2024-01-01")])).toEqual([]));
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
