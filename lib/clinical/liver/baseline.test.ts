import { describe, expect, it } from "vitest";
import { liverBaselines } from "./baseline";
import { readLiverResults } from "./peaks";
import { lab } from "./test-rows";

const FIRST_DOSE: Record<string, string | null> = { A: "2024-01-10", B: null, C: "2024-01-10", D: "2024-01-10" };

describe("liverBaselines", () => {
  const rows = [
    lab("A", "ALT", 30, "2024-01-01"), // screening
    lab("A", "ALT", 25, "2024-01-10", undefined, "07:30:00"), // the day of the first dose: the last up to it
    lab("A", "ALT", 90, "2024-01-11"), // after the first dose: never baseline
    lab("A", "BILI", 0.5, "2024-01-10", undefined, "07:30:00"),
    lab("A", "BILI", 0.7, "2024-01-10", undefined, "07:30:00"), // the same time: the later sent
    lab("A", "AST", 20, null), // undated: never baseline
    lab("B", "ALT", 44, "2024-01-05"), // no first dose: the earliest dated result
    lab("B", "ALT", 33, "2024-01-01"),
    lab("B", "ALT", 22, null),
    lab("C", "ALT", 50, "2024-01-11"), // a first dose, but nothing up to it: no baseline
    lab("D", "BILI", 0.6, "2024-01-09"),
    lab("D", "BILI", 0.9, "2024-01-09", undefined, "06:00:00"), // earlier that day than 08:00
  ];
  const baselines = liverBaselines(readLiverResults(rows), (id) => FIRST_DOSE[id] ?? null);
  const summary = (id: string) =>
    Object.fromEntries(Object.entries(baselines.get(id) ?? {}).map(([test, b]) => [test, [b.value, b.date, b.from]]));

  it("takes the last result on or before the first dose's day", () =>
    expect(summary("A")).toEqual({
      ALT: [25, "2024-01-10", "pre-dose"],
      BILI: [0.7, "2024-01-10", "pre-dose"],
    }));

  it("orders one day's results by their collection time", () =>
    expect(summary("D")).toEqual({ BILI: [0.6, "2024-01-09", "pre-dose"] }));

  it("falls back on the earliest dated result without a known first dose", () =>
    expect(summary("B")).toEqual({ ALT: [33, "2024-01-01", "first-result"] }));

  it("has none for a subject whose results all follow its first dose", () => expect(baselines.has("C")).toBe(false));
});
