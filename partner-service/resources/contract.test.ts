/**
 * The runtime side of the resource contract: every record the service builds
 * from generated rows, of every record type, is read by the client's schema
 * (partner-api/resources.ts). The type check ties builders to the same
 * schemas (ServedResource); this guards what types cannot see (values).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RECORD_TYPES } from "@/partner-api/resources";
import { createQueries } from "../queries";
import { createTestService, type TestService, testConfig } from "../testing";
import { type BuildContext, serviceSystems } from "./build-context";
import { compiledEntryWriter } from "./compiled";
import type { AssessmentRow } from "./diagnostic-report";
import { groupResource } from "./patient";
import { RECORD_TYPE_SPECS } from "./record-types";

let t: TestService;
beforeAll(async () => {
  t = await createTestService({ data: { subjects: 8, visits: 4 } });
});
afterAll(() => t.db.close());

const STUDY = "ONC-101";

function context(): BuildContext {
  const cfg = testConfig();
  return {
    api: `${cfg.baseUrl}/api`,
    structureBase: cfg.structureBase,
    ctcBase: cfg.ctcBase,
    systems: serviceSystems(cfg.structureBase, cfg.ctcBase),
    study: createQueries(t.db).study(STUDY)!,
  };
}

/** Every row of a record type in the study, as the search reads them (lesions attached to assessments). */
function rowsOf(spec: (typeof RECORD_TYPE_SPECS)[keyof typeof RECORD_TYPE_SPECS]): unknown[] {
  const queries = createQueries(t.db);
  const rows = queries.range(spec, STUDY, 1, queries.total(spec, STUDY));
  if (spec === RECORD_TYPE_SPECS.DiagnosticReport) {
    const assessments = rows as AssessmentRow[];
    const lesions = queries.lesionIds(
      STUDY,
      assessments.map((a) => a.row_id),
    );
    for (const a of assessments) a.lesions = lesions.get(a.row_id) ?? [];
  }
  return rows;
}

describe("the resource contract", () => {
  it.each(Object.entries(RECORD_TYPE_SPECS))(
    "every %s the service builds is read by the client's schema",
    (name, spec) => {
      const schema = RECORD_TYPES[name as keyof typeof RECORD_TYPE_SPECS].schema;
      const ctx = context();
      const rows = rowsOf(spec);
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        const result = schema.safeParse(spec.build(row as never, ctx));
        expect(result.error?.issues, `${name} ${JSON.stringify(row).slice(0, 120)}`).toBeUndefined();
      }
    },
  );

  it.each(Object.entries(RECORD_TYPE_SPECS).filter(([, spec]) => "compiled" in spec && spec.compiled))(
    "every %s entry the compiled writer writes is read by the client's schema",
    (name, spec) => {
      const schema = RECORD_TYPES[name as keyof typeof RECORD_TYPE_SPECS].schema;
      const write = compiledEntryWriter(spec, context());
      const queries = createQueries(t.db);
      const values = queries.rangeValues(spec, STUDY, 1, queries.total(spec, STUDY));
      for (const v of values) expect(schema.safeParse(JSON.parse(write(v)).resource).error?.issues).toBeUndefined();
    },
  );

  it("the Group the service builds is read by the client's schema", () => {
    const members = createQueries(t.db).groupMembers(STUDY);
    expect(members.length).toBeGreaterThan(0);
    expect(RECORD_TYPES.Group.schema.safeParse(groupResource(members, context())).error?.issues).toBeUndefined();
  });
});
