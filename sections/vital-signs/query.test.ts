import { describe, expect, it } from "vitest";
import { parseVitalQuery, vitalHref } from "./query";

describe("the vital-signs URL state", () => {
  it.each([
    ["", { item: undefined, unit: undefined, text: false, visit: undefined, value: undefined }],
    ["item=Weight&unit=kg&visit=Screening", { item: "Weight", unit: "kg", text: false, visit: "Screening" }],
    // Empty means "none recorded"; text only when exactly 1.
    ["item=Pulse&unit=&visit=&text=yes", { item: "Pulse", unit: null, text: false, visit: null }],
    ["item=Position&text=1&value=", { item: "Position", text: true, value: null }],
    // The records a data note counts; anything else is none.
    ["issue=no-unit", { issue: "no-unit" }],
    ["issue=unit", { issue: null }],
    // Every item's records at a visit; empty: those without a visit.
    ["at=Week%204", { at: "Week 4" }],
    ["at=", { at: null }],
    ["range=1", { ranged: true }],
    ["range=yes", { ranged: false }],
    // The readings a summary counts, or those it leaves out; anything else is every record.
    ["counted=1", { counted: true }],
    ["counted=0", { counted: false }],
    ["counted=yes", { counted: undefined }],
    // Too long: as if absent.
    [
      `item=${"x".repeat(201)}&visit=${"y".repeat(201)}&at=${"z".repeat(201)}`,
      { item: undefined, visit: undefined, at: undefined },
    ],
  ])("%j", (query, expected) => expect(parseVitalQuery(new URLSearchParams(query))).toMatchObject(expected));

  it("writes what it reads: a link's state parses back to its target", () => {
    const href = vitalHref("/s/vital-signs", { test: "Pulse", unit: null, kind: "number", visit: null }, {}, "list");
    expect(href).toBe("/s/vital-signs?item=Pulse&unit=&visit=#list");
    const back = parseVitalQuery(new URL(href, "http://x").searchParams);
    expect(back).toMatchObject({ item: "Pulse", unit: null, text: false, visit: null, value: undefined });
    const text = vitalHref("/s", { test: "Position", unit: null, kind: "text", value: "Sitting" }, { vs_f_flag: "H" });
    expect(text).toBe("/s?item=Position&text=1&value=Sitting&vs_f_flag=H");
  });
});
