import { describe, expect, it } from "vitest";
import { displayUnit, unitOrNone } from "./units";

describe("displayUnit", () => {
  it("writes a power of ten with a superscript, from either plain-text notation", () => {
    expect(displayUnit("10^9/L")).toBe("10⁹/L");
    expect(displayUnit("10^12/L")).toBe("10¹²/L");
    expect(displayUnit("10*9/L")).toBe("10⁹/L");
    expect(displayUnit("x10^3/uL")).toBe("x10³/uL");
    expect(displayUnit("10^-3")).toBe("10⁻³");
  });

  it("writes a square or cubic length with a superscript, and nothing that only looks like one", () => {
    expect(displayUnit("m2")).toBe("m²");
    expect(displayUnit("mL/min/1.73m2")).toBe("mL/min/1.73m²");
    expect(displayUnit("kg/m2")).toBe("kg/m²");
    expect(displayUnit("cm3")).toBe("cm³");
    expect(displayUnit("mm2x")).toBe("mm2x");
    expect(displayUnit("m23")).toBe("m23");
    expect(displayUnit("mmol/L")).toBe("mmol/L");
  });

  it("writes a temperature sent as a bare letter or in UCUM with its degree sign", () => {
    expect(displayUnit("F")).toBe("°F");
    expect(displayUnit("C")).toBe("°C");
    expect(displayUnit("[degF]")).toBe("°F");
    expect(displayUnit("Cel")).toBe("°C");
  });

  it("shows any other unit as sent", () => {
    expect(displayUnit("beats/min")).toBe("beats/min");
    expect(displayUnit("%")).toBe("%");
    expect(displayUnit("U/L")).toBe("U/L");
    expect(displayUnit("g/dL")).toBe("g/dL");
  });
});

describe("displayUnit, asked for many units", () => {
  it("gives each its own notation, asked again and past the units it keeps worked out", () => {
    for (let i = 0; i < 1_500; i++) expect(displayUnit(`10^${i % 10}/u${i}`)).toBe(`10${"⁰¹²³⁴⁵⁶⁷⁸⁹"[i % 10]}/u${i}`);
    for (let i = 1_499; i >= 0; i -= 7)
      expect(displayUnit(`10^${i % 10}/u${i}`)).toBe(`10${"⁰¹²³⁴⁵⁶⁷⁸⁹"[i % 10]}/u${i}`);
    expect(displayUnit("10^9/L")).toBe("10⁹/L");
    expect(displayUnit("m2")).toBe("m²");
  });
});

describe("unitOrNone", () => {
  it("names numbers without a unit", () => {
    expect(unitOrNone(null)).toBe("(no unit)");
    expect(unitOrNone("10^9/L")).toBe("10⁹/L");
  });
});
