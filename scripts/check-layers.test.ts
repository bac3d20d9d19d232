import { describe, expect, it } from "vitest";
import { cyclesOf, unitOf } from "./check-layers";

describe("check-layers", () => {
  it("names each file's top-level folder", () => {
    expect(unitOf("app/(portal)/studies/[connectionId]/[study]/page.tsx")).toBe("app");
    expect(unitOf("partner-service/data/generator/prng.ts")).toBe("partner-service");
    expect(unitOf("partner-api/paths.ts")).toBe("partner-api/paths");
    expect(unitOf("lib/config/env.ts")).toBe("lib/config");
    expect(unitOf("lib/db/users.ts")).toBe("lib/db");
    expect(unitOf("sections/adverse-events/ui/AeListing.tsx")).toBe("sections/adverse-events");
    expect(unitOf("components/data-table/DataTable.tsx")).toBe("components/data-table");
    expect(unitOf("proxy.ts")).toBe("proxy");
    expect(unitOf("bench/support/stats.ts")).toBe("bench");
    expect(unitOf("server/serve.mjs")).toBe("server");
    expect(unitOf("scripts/data.ts")).toBe("scripts");
    expect(unitOf("sections/adverse-events/exports.test.ts")).toBe("sections/adverse-events/exports.test.ts");
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
