import { describe, expect, it } from "vitest";
import type { VitalGroupSummary } from "@/lib/clinical/vital-signs/study";
import { vitalListingDef } from "./listing-table";
import type { VitalSignsView } from "./load";
import { group } from "./testing";

describe("vitalListingDef: the unit said once where the listing holds one", () => {
  const view = { listing: [] } as unknown as VitalSignsView;
  const headers = (g: Partial<VitalGroupSummary>) =>
    vitalListingDef(view, { ...group([]), ...g }, "/s").columns.map((c) => c.header);

  it("names a numeric group's one unit in the value's header, as a report writes it, with no unit column", () => {
    expect(headers({ unit: "F" })).toEqual([
      "Subject",
      "Item",
      "Visit",
      "Date",
      "Value (°F)",
      "Reference range",
      "Flag (L/N/H)",
      "In the summary",
    ]);
    expect(headers({ unit: null })).toContain("Value (no unit)");
  });

  it("keeps each text record's unit in a column of its own", () =>
    expect(headers({ kind: "text", unit: null }).slice(4, 6)).toEqual(["Result (text)", "Unit"]));
});
