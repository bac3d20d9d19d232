import { describe, expect, it } from "vitest";
import { vitalItemName, vitalNameWithUnit } from "./names";

describe("vitalItemName", () => {
  it.each([
    // the partner's item, its unit, the name on screen (by hand)
    ["Blood Pressure BP Systolic", "mmHg", "Systolic blood pressure"],
    ["Blood Pressure Diastolic", "mmHg", "Diastolic blood pressure"],
    ["BSA m2", "m2", "Body surface area"],
    ["Height (centimeters)", "cm", "Height"],
    ["Last recorded Height", "cm", "Last recorded height"],
    ["Pulse Ox (SpO2)", "%", "Oxygen saturation"],
    ["Pulse/Heart Rate", "beats/min", "Pulse rate"],
    ["Resp Rate", "breaths/min", "Respiratory rate"],
    ["Temperature F", "F", "Temperature"],
    ["  temperature temp c ", "C", "Temperature"],
    ["Weight (kilograms)", "kg", "Weight"],
  ])("names %j in %s %j", (item, unit, name) => expect(vitalItemName(item, unit)).toBe(name));

  it("drops a trailing unit from an item it does not know, and otherwise shows the item as sent", () => {
    expect(vitalItemName("Waist circumference cm", "cm")).toBe("Waist circumference");
    expect(vitalItemName("Waist circumference", "cm")).toBe("Waist circumference");
    expect(vitalItemName("cm", "cm")).toBe("cm");
    expect(vitalItemName("Pain score", null)).toBe("Pain score");
  });
});

describe("vitalNameWithUnit", () => {
  it("says the unit once, as a report writes it", () => {
    expect(vitalNameWithUnit("Temperature F", "F")).toBe("Temperature (°F)");
    expect(vitalNameWithUnit("Temperature Temp C", "C")).toBe("Temperature (°C)");
    expect(vitalNameWithUnit("BSA m2", "m2")).toBe("Body surface area (m²)");
    expect(vitalNameWithUnit("Weight (kilograms)", null)).toBe("Weight (no unit)");
  });
});
