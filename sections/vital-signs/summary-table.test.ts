import { describe, expect, it } from "vitest";
import type { MeasurementRow } from "@/lib/clinical/measurements/rows";
import type { LeftOutReason } from "@/lib/clinical/vital-signs/readings";
import { numberSummaryTable } from "./summary-table";
import { group } from "./testing";

describe("numberSummaryTable: every count opens its records", () => {
  it("the records with a range of a visit open the listing so filtered; none: no link", () => {
    const { columns, rows } = numberSummaryTable(
      "/s/vital-signs",
      group([
        { visit: "Week 1", withRange: 2, low: 0, high: 1 },
        { visit: "Week 2", withRange: 0, low: 0, high: 0 },
      ]),
    );
    expect(columns.find((c) => c.id === "withRange")?.href).toBe("range_href");
    expect(rows.map((r) => [r.withRange, r.range_href])).toEqual([
      [2, "/s/vital-signs?item=Pulse&unit=bpm&visit=Week+1&range=1#vital-listing"],
      [0, null],
    ]);
    expect(rows[0].high_href).toBe("/s/vital-signs?item=Pulse&unit=bpm&visit=Week+1&vs_f_flag=H#vital-listing");
  });
});

describe("numberSummaryTable: where the group has records its summary leaves out", () => {
  it("each count opens the readings it counts (counted=1), so that n subjects open n records", () => {
    const left = new Map<MeasurementRow, LeftOutReason>([[{} as MeasurementRow, "earlier reading"]]);
    const { rows } = numberSummaryTable(
      "/s/vital-signs",
      group([{ visit: "Week 1", withRange: 1, low: 1, high: 0 }], left),
    );
    expect([rows[0].n_href, rows[0].range_href, rows[0].low_href]).toEqual([
      "/s/vital-signs?item=Pulse&unit=bpm&visit=Week+1&counted=1#vital-listing",
      "/s/vital-signs?item=Pulse&unit=bpm&visit=Week+1&range=1&counted=1#vital-listing",
      "/s/vital-signs?item=Pulse&unit=bpm&visit=Week+1&counted=1&vs_f_flag=L#vital-listing",
    ]);
  });
});
