/**
 * Every record type's mapper, given a record as the partner service builds it with any one of its texts (or all
 * of them at once) replaced by a hostile text: it never throws, gives nothing inherited from Object.prototype,
 * keeps its closed fields within their values, and gives back no text longer than the longest one sent.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNothingInherited, HOSTILE_TEXTS, LONG_TEXT, longestText } from "@/lib/clinical/partner-text-testing";
import { RECORD_TYPES } from "@/partner-api/resources";
import { createQueries } from "@/partner-service/queries";
import { serviceSystems } from "@/partner-service/resources/build-context";
import type { AssessmentRow } from "@/partner-service/resources/diagnostic-report";
import { groupResource } from "@/partner-service/resources/patient";
import { RECORD_TYPE_SPECS } from "@/partner-service/resources/record-types";
import { createTestService, type TestService, testConfig } from "@/partner-service/testing";
import { RowEncoder } from "./row-codec";
import { RowDecoder } from "./row-decoder";
import { type CachedRecordType, mapperOf, ROW_MAPPERS } from "./row-mappers";

const STUDY = "ONC-101";
let t: TestService;
const samples = new Map<CachedRecordType, unknown>();

/** One record of each type, as the service builds it (the first of the study's, lesions attached). */
beforeAll(async () => {
  t = await createTestService({ data: { subjects: 2, visits: 2 } });
  const cfg = testConfig();
  const q = createQueries(t.db);
  const ctx = {
    api: `${cfg.baseUrl}/api`,
    structureBase: cfg.structureBase,
    ctcBase: cfg.ctcBase,
    systems: serviceSystems(cfg.structureBase, cfg.ctcBase),
    study: q.study(STUDY)!,
  };
  for (const [type, spec] of Object.entries(RECORD_TYPE_SPECS)) {
    const [row] = q.range(spec, STUDY, 1, 1);
    if (spec === RECORD_TYPE_SPECS.DiagnosticReport) {
      const a = row as AssessmentRow;
      a.lesions = q.lesionIds(STUDY, [a.row_id]).get(a.row_id) ?? [];
    }
    samples.set(type as CachedRecordType, spec.build(row as never, ctx));
  }
  samples.set("Group", groupResource(q.groupMembers(STUDY), ctx));
});
afterAll(() => t.db.close());

type Path = (string | number)[];

/** The place of every text in a JSON value. */
function textPaths(value: unknown, at: Path = []): Path[] {
  if (typeof value === "string") return [at];
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value).flatMap(([k, v]) => textPaths(v, [...at, Array.isArray(value) ? Number(k) : k]));
}

function withText(value: unknown, path: Path, text: string): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let node = copy;
  for (const step of path.slice(0, -1)) node = node[step] as Record<string | number, unknown>;
  node[path[path.length - 1]] = text;
  return copy;
}

/** Every text replaced by `text`, except `resourceType`, which decides the schema. */
const allTexts = (value: unknown, text: string): unknown =>
  JSON.parse(JSON.stringify(value), (k, v) => (typeof v === "string" && k !== "resourceType" ? text : v));

/** The closed fields of the rows: any value outside these is a lookup that found something it should not. */
const CLOSED: Record<string, readonly unknown[]> = {
  category: ["Target", "Non-target", "New lesion", null],
  grade: [1, 2, 3, 4, 5, null],
  node: [true, false],
  ongoing: [true, false, null],
  verified: [true, false, null],
};

const OWN_WORDS = 32;

function expectSaneRow(type: CachedRecordType, resource: unknown, where: string) {
  const parsed = RECORD_TYPES[type].schema.safeParse(resource);
  // A text replaced by a text keeps the record valid: the refusal, if any, is the schema's, not the mapper's.
  expect(parsed.success, where).toBe(true);
  const encoder = new RowEncoder();
  const row = mapperOf(type)(parsed.data as never, encoder.intern);
  expectNothingInherited(row, where);
  // A mapper's own words (`(no test code)`) are short; every other text is one that was sent.
  expect(longestText(row), where).toBeLessThanOrEqual(Math.max(longestText(resource), OWN_WORDS));
  for (const [field, values] of Object.entries(CLOSED))
    if (Object.hasOwn(row, field)) expect(values, `${where}: ${field}`).toContain((row as never)[field]);
  // The row crosses to the rendering thread as columns and comes back the same.
  const { page } = encoder.encode(0, [row]);
  expect(new RowDecoder().decode(page)[0], where).toEqual(row);
}

const TYPES = Object.keys(ROW_MAPPERS) as CachedRecordType[];

describe.each(TYPES)("the %s mapper, given hostile texts", (type) => {
  it("reads the record as built", () => expectSaneRow(type, samples.get(type), type));

  it("reads each of the record's texts replaced by each hostile text", () => {
    const sample = samples.get(type);
    const paths = textPaths(sample).filter((p) => p.at(-1) !== "resourceType");
    expect(paths.length).toBeGreaterThan(1);
    for (const path of paths)
      for (const text of HOSTILE_TEXTS)
        expectSaneRow(type, withText(sample, path, text), `${type} ${path.join(".")} = ${text.slice(0, 20)}`);
  });

  it.each(HOSTILE_TEXTS.map((text) => [text.slice(0, 20), text]))("reads the record with every text %j", (_, text) =>
    expectSaneRow(type, allTexts(samples.get(type), text), `${type} all = ${text.slice(0, 20)}`),
  );
});

describe("the rows of hostile texts", () => {
  it("keep a text such as constructor as sent, not an inherited value", () => {
    const imaging = structuredClone(samples.get("imaging")) as { extension: Record<string, unknown>[] };
    for (const e of imaging.extension) if (String(e.url).endsWith("#Category")) e.valueString = "constructor";
    const parsed = RECORD_TYPES.imaging.schema.parse(imaging);
    const row = mapperOf("imaging")(parsed, (s) => s);
    expect(row.category).toBeNull();
    expect(row.categoryText).toBe("constructor");
  });

  it("keep a long text whole: the row holds what was sent", () => {
    const ae = allTexts(samples.get("AdverseEvent"), LONG_TEXT);
    const row = mapperOf("AdverseEvent")(RECORD_TYPES.AdverseEvent.schema.parse(ae), (s) => s);
    expect(row.term).toBe(LONG_TEXT);
  });
});
