/**
 * The About sheet's lines: what the file holds and from which data, its times as a reader's sentence says them in
 * UTC (docs/design.md, Dates and times; expected texts written out by hand).
 */
import { describe, expect, it } from "vitest";
import { aboutLines, type ExportContext, PORTAL_VERSION } from "./about-lines";
import { tableOf } from "./testing";

const ctx: ExportContext = {
  study: "ONC-101",
  connectionName: "Northstar",
  partnerId: "NORTHSTAR",
  user: "Ada Lovelace <ada@example.org>",
  exportedAt: new Date(Date.UTC(2026, 11, 1, 17, 5, 42)),
};
const columns = [{ header: "Subject" }];

describe("aboutLines", () => {
  it("says the data's time and the export's in words, in UTC, to the minute", () => {
    const lines = aboutLines(tableOf(columns, [["101-0001"]], { asOf: Date.UTC(2026, 10, 29, 14, 39, 59) }), ctx);
    expect(lines).toEqual([
      ["Table", "Test table"],
      ["Study", "ONC-101"],
      ["Connection", "Northstar"],
      ["Partner ID", "NORTHSTAR"],
      ["Data as of", "29 Nov 2026, 14:39 UTC"],
      ["Filters and sort", "none: every row of the table"],
      ["Rows", 1],
      ["Portal version", PORTAL_VERSION],
      ["Exported by", "Ada Lovelace <ada@example.org>"],
      ["Exported at", "1 Dec 2026, 17:05 UTC"],
    ]);
  });

  it("writes a single-digit day and hour as a reader would, and the last minute of a year in UTC", () => {
    const lines = new Map(aboutLines(tableOf(columns, [], { asOf: Date.UTC(2027, 0, 2, 3, 4) }), ctx));
    expect(lines.get("Data as of")).toBe("2 Jan 2027, 03:04 UTC");
    const lateUtc = new Map(aboutLines(tableOf(columns, []), { ...ctx, exportedAt: new Date("2026-12-31T23:59Z") }));
    expect(lateUtc.get("Exported at")).toBe("31 Dec 2026, 23:59 UTC");
  });

  it("names the study snapshot the rows are after the data's time, where there is one", () => {
    const snapshot = `Latest data: study snapshot of 29 Nov 2026, 14:39 UTC, fingerprint ${"a".repeat(64)}`;
    const lines = aboutLines(tableOf(columns, [], { snapshot }), ctx).map(([k]) => k);
    expect(lines.slice(4, 6)).toEqual(["Data as of", "Snapshot"]);
    expect(new Map(aboutLines(tableOf(columns, [], { snapshot }), ctx)).get("Snapshot")).toBe(snapshot);
  });

  it("gives each filter and the sort a line of its own", () => {
    const filters = ['Filter Sex: "=Female"', "Sorted by Birth year descending"];
    const lines = aboutLines(tableOf(columns, [], { filters }), ctx);
    expect(lines.filter(([k]) => k === "Filters and sort").map(([, v]) => v)).toEqual(filters);
  });
});
