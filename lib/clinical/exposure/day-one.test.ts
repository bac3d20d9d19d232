import { describe, expect, it } from "vitest";
import { dayOne, dayOneAnchor } from "./day-one";

describe("dayOneAnchor", () => {
  it.each([
    ["first-dose", "first-dose"],
    ["baseline", "baseline"],
    [null, "baseline"],
    ["First-Dose", "baseline"],
    ["<script>", "baseline"],
  ])("%s reads as %s", (value, expected) => {
    expect(dayOneAnchor(value)).toBe(expected);
  });
});

describe("dayOne", () => {
  it("takes the first dose when asked and known, else the baseline assessment", () => {
    expect(dayOne("first-dose", "2024-02-20", "2024-03-01")).toEqual({ date: "2024-03-01", from: "first-dose" });
    expect(dayOne("first-dose", "2024-02-20", null)).toEqual({ date: "2024-02-20", from: "baseline" });
    expect(dayOne("baseline", "2024-02-20", "2024-03-01")).toEqual({ date: "2024-02-20", from: "baseline" });
    expect(dayOne("first-dose", null, null)).toBeNull();
  });
});
