import { describe, expect, it } from "vitest";
import { chooseScale, chooseTrend, trendOptions } from "./trend-choice";

const options = trendOptions(
  [
    { key: "LB0214", test: "ALT" },
    { key: "MONO", test: "MONO" },
  ],
  [
    { key: "VS0008", test: "Pulse/Heart Rate", unit: "beats/min" },
    { key: "VS0010", test: "Temperature F", unit: "F" },
    { key: "VS0011", test: "Temperature Temp C", unit: "C" },
    { key: "Blood Pressure Positioning", test: "Blood Pressure Positioning", unit: null },
  ],
);

describe("trendOptions", () => {
  it("names labs by key, the label adding the code where it differs; vital signs by vs: and key, by plain name", () =>
    expect(options.map((o) => [o.value, o.kind, o.label])).toEqual([
      ["LB0214", "lab", "ALT (LB0214)"],
      ["MONO", "lab", "MONO"],
      ["vs:VS0008", "vital", "Pulse rate (beats/min)"],
      ["vs:VS0010", "vital", "Temperature (°F)"],
      ["vs:VS0011", "vital", "Temperature (°C)"],
      ["vs:Blood Pressure Positioning", "vital", "Blood pressure position"],
    ]));
});

describe("chooseTrend: the URL's trend, or the first test", () => {
  it.each([
    ["LB0214", "LB0214"],
    ["ALT", "LB0214"],
    ["MONO", "MONO"],
    ["vs:VS0008", "vs:VS0008"],
    ["Pulse/Heart Rate", "vs:VS0008"],
    ["VS0008", "LB0214"],
    ["alt", "LB0214"],
    ["<script>", "LB0214"],
    ["", "LB0214"],
    [null, "LB0214"],
  ])("trend=%j shows %s", (param, value) => expect(chooseTrend(param, options)?.value).toBe(value));

  it("chooses nothing when the subject has no results", () => expect(chooseTrend("ALT", [])).toBeNull());
});

describe("chooseScale", () => {
  it.each([
    ["uln", "uln"],
    ["raw", "raw"],
    ["ULN", "raw"],
    [null, "raw"],
  ])("scale=%j is %s", (param, scale) => expect(chooseScale(param)).toBe(scale));
});

describe("the liver panel's choice", () => {
  const labs = [{ key: "LB0214", test: "ALT" }];
  const withPanel = trendOptions(labs, [], true);

  it("is offered after the tests, as Liver tests (×ULN), only when asked", () => {
    expect(withPanel.map((o) => [o.value, o.kind, o.label])).toEqual([
      ["LB0214", "lab", "ALT (LB0214)"],
      ["liver", "liver", "Liver tests (×ULN)"],
    ]);
    expect(trendOptions(labs, []).map((o) => o.value)).toEqual(["LB0214"]);
  });

  it("is chosen by trend=liver; without it, trend=liver shows the first test", () => {
    expect(chooseTrend("liver", withPanel)?.kind).toBe("liver");
    expect(chooseTrend("liver", trendOptions(labs, []))?.value).toBe("LB0214");
    // The first test stays the default.
    expect(chooseTrend(null, withPanel)?.value).toBe("LB0214");
  });
});
