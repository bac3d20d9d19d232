import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStore } from "../store";
import { type TestService, createTestService, testConfig } from "../testing";
import { KINDS } from ".";
import { serviceSystems } from "./common";
import { compiledSerializer } from "./compiled";

let t: TestService;
beforeAll(async () => {
  t = await createTestService({ data: { subjects: 12, visits: 4 } });
});
afterAll(() => t.db.close());

function context(study: string) {
  const cfg = testConfig();
  const info = createStore(t.db).study(study)!;
  return { api: `${cfg.baseUrl}/api`, structureBase: cfg.structureBase, ctcBase: cfg.ctcBase, systems: serviceSystems(cfg.structureBase, cfg.ctcBase), study: info };
}

describe("compiled serializers", () => {
  it.each(Object.entries(KINDS).filter(([, k]) => "compiled" in k && k.compiled))("write %s exactly as JSON.stringify of the builder", (_name, kind) => {
    const store = createStore(t.db);
    for (const study of ["ONC-101", "CARD-201"]) {
      const ctx = context(study);
      const write = compiledSerializer(kind.build, kind.columns.split(", "), ctx);
      const rows = store.range(kind, study, 1, store.total(kind, study)) as Record<string, unknown>[];
      expect(rows.length).toBeGreaterThan(100);
      for (const row of rows) expect(write(row)).toBe(JSON.stringify(kind.build(row as never, ctx)));
    }
  });

  it("covers rows with missing values and characters that JSON escapes", () => {
    const kind = KINDS.laboratory;
    const ctx = context("ONC-101");
    const write = compiledSerializer(kind.build, kind.columns.split(", "), ctx);
    const [row] = createStore(t.db).range(kind, "ONC-101", 1, 1) as Record<string, unknown>[];
    const variants = [
      { ...row, service_code: null, unit: null, reference_range: null },
      { ...row, value: null, value_string: 'He said "<1+>" \\ \n\u0001 ünïcode', unit: null },
      { ...row, visit: "Cycle 2 \"Day\" 1", practitioner_id: "PR/\"x\"" },
    ];
    for (const v of variants) expect(write(v)).toBe(JSON.stringify(kind.build(v as never, ctx)));
  });
});
