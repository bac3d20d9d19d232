import { describe, expect, it } from "vitest";
import { cyclesOf, unitOf } from "./check-layers";

describe("check-layers", () => {
  it("names each file's top-level folder", () => {
    expect(unitOf("app/(portal)/studies/[connectionId]/[study]/page.tsx")).toBe("app");
    expect(unitOf("lib/partner-service/data/generator/prng.ts")).toBe("lib/partner-service");
    expect(unitOf("lib/env.ts")).toBe("lib/env");
    expect(unitOf("components/study/SubjectList.tsx")).toBe("components/study");
    expect(unitOf("proxy.ts")).toBe("proxy");
    expect(unitOf("scripts/bench/stats.ts")).toBe("scripts");
  });

  it("finds every cycle between folders, and none in a layered graph", () => {
    const graph = (pairs: [string, string][]) => {
      const edges = new Map<string, Set<string>>();
      for (const [a, b] of pairs) {
        if (!edges.has(a)) edges.set(a, new Set());
        if (!edges.has(b)) edges.set(b, new Set());
        edges.get(a)!.add(b);
      }
      return edges;
    };
    expect(
      cyclesOf(
        graph([
          ["app", "lib/db"],
          ["lib/db", "lib/sqlite"],
          ["app", "lib/sqlite"],
        ]),
      ),
    ).toEqual([]);
    const cycles = cyclesOf(
      graph([
        ["lib/db", "lib/connections"],
        ["lib/connections", "lib/db"],
        ["lib/a", "lib/b"],
        ["lib/b", "lib/c"],
        ["lib/c", "lib/a"],
        ["app", "lib/db"],
      ]),
    );
    expect(cycles.map((c) => c.join(" ")).sort()).toEqual(["lib/a lib/b lib/c", "lib/connections lib/db"]);
  });
});
