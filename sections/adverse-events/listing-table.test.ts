import { describe, expect, it } from "vitest";
import type { AeListingRow } from "@/lib/clinical/adverse-events/listing";
import { listingDef } from "./listing-table";
import type { AdverseEventsView } from "./load";

describe("the adverse-event listing", () => {
  it("gives each event's row the element ID a data check's finding opens (ae-<record key>)", () => {
    const view = { listing: [], query: { filter: { relatedness: "assessed" } } } as unknown as AdverseEventsView;
    const row = { key: "ONC-101-MRN971662-4-1" } as AeListingRow;
    expect(listingDef(view, "/s").rowId?.(row)).toBe("ae-ONC-101-MRN971662-4-1");
  });
});
