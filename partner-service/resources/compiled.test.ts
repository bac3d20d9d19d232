import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createQueries } from "../queries";
import { createTestService, type TestService, testConfig } from "../testing";
import { serviceSystems } from "./build-context";
import { compiledEntryWriter } from "./compiled";
import { columnNames, RECORD_TYPE_SPECS } from "./record-types";

let t: TestService;
beforeAll(async () => {
  t = await createTestService({ data: { subjects: 12, visits: 4 } });
});
afterAll(() => t.db.close());

function context(study: string) {
  const cfg = testConfig();
  const info = createQueries(t.db).study(study)!;
  return {
    api: `${cfg.baseUrl}/api`,
    structureBase: cfg.structureBase,
    ctcBase: cfg.ctcBase,
    systems: serviceSystems(cfg.structureBase, cfg.ctcBase),
    study: info,
  };
}

type Row = Record<string, unknown>;
type Spec = (typeof RECORD_TYPE_SPECS)[keyof typeof RECORD_TYPE_SPECS];
// The generic entry the compiled writer must reproduce byte for byte.
const entryOf = (spec: Spec, row: Row, ctx: ReturnType<typeof context>) =>
  JSON.stringify({ fullUrl: spec.fullUrl(row as never, ctx), resource: spec.build(row as never, ctx) });

describe("compiled entry writers", () => {
  it.each(Object.entries(RECORD_TYPE_SPECS).filter(([, k]) => "compiled" in k && k.compiled))(
    "write %s entries exactly as JSON.stringify of fullUrl and builder",
    (_name, spec) => {
      const store = createQueries(t.db);
      for (const study of ["ONC-101", "CARD-201"]) {
        const ctx = context(study);
        const write = compiledEntryWriter(spec, ctx);
        const total = store.total(spec, study);
        const rows = store.range(spec, study, 1, total) as Row[];
        const values = store.rangeValues(spec, study, 1, total);
        expect(rows.length).toBeGreaterThan(100);
        for (const [i, row] of rows.entries()) expect(write(values[i])).toBe(entryOf(spec, row, ctx));
      }
    },
  );

  it("covers rows with missing values and characters that JSON escapes", () => {
    const spec = RECORD_TYPE_SPECS.laboratory;
    const ctx = context("ONC-101");
    const write = compiledEntryWriter(spec, ctx);
    const [row] = createQueries(t.db).range(spec, "ONC-101", 1, 1) as Row[];
    const variants = [
      { ...row, service_code: null, unit: null, reference_range: null },
      { ...row, value: null, value_string: 'He said "<1+>" \\ \n\u0001 ünïcode', unit: null },
      { ...row, visit: 'Cycle 2 "Day" 1', practitioner_id: 'PR/"x"' },
      { ...row, id: 'a b/c?d=e&f#g"ü' },
    ];
    for (const v of variants) expect(write(columnNames(spec).map((c) => (v as Row)[c]))).toBe(entryOf(spec, v, ctx));
  });
});
