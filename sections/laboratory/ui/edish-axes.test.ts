import { describe, expect, it } from "vitest";
import { logAxis } from "./edish-axes";

describe("logAxis", () => {
  it.each<[number[], number, [number, number], number[]]>([
    [[], 3, [0.1, 10], [0.1, 1, 3, 10]],
    [[0.5, 1.2, 2.4], 2, [0.1, 10], [0.1, 1, 2, 10]],
    [[0.05, 12], 3, [0.01, 100], [0.01, 0.1, 1, 3, 10, 100]],
    [[10], 3, [0.1, 10], [0.1, 1, 3, 10]],
    [[0.1, 20], 20, [0.1, 100], [0.1, 1, 10, 20, 100]],
    // 1 is too close to 1.1 (and 10 to 12) to be read apart: the threshold's tick stays.
    [[0.5], 1.1, [0.1, 10], [0.1, 1.1, 10]],
    [[0.5], 12, [0.1, 100], [0.1, 1, 12, 100]],
  ])("values %j, threshold %s: domain %j, ticks %j", (values, threshold, domain, ticks) =>
    expect(logAxis(values, threshold)).toEqual({ domain, ticks }),
  );
});
