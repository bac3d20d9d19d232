/**
 * Visibility filters (docs/partner-service.md, "Visibility rules", from the
 * specification's data scope rules and states): DiagnosticReports only for
 * RECIST 1.1 studies and only PI-signed, latest revisions; lesions only of
 * served assessments. The hidden rows are found by reading the test database
 * directly.
 */
import { expect, test } from "@playwright/test";
import {
  type AssessmentDbRow,
  all,
  api,
  Check,
  dbAssessments,
  dbLesions,
  dbStudies,
  dbStudy,
  endpoint,
  entries,
  expectedVisibleAssessments,
  extensionValue,
  extsByUrl,
  getBundle,
  identifierValue,
  isRecist,
  latestAssessmentRows,
  link,
  NORTHSTAR,
  PARTNERS,
  type Partner,
  pageOf,
  qs,
  sd,
  searchPath,
} from "./fixtures";
import { expectedTotal } from "./shape-checks";

/** A partner granted the study. */
function granteeOf(study: string): Partner | undefined {
  return PARTNERS.find((p) => p.studies.includes(study));
}

const triple = (id: string, caseRev: number, assessmentRev: number) => `${id}|${caseRev}|${assessmentRev}`;

test("CARD-201 is not a RECIST 1.1 study and its DiagnosticReport answer is an empty Bundle", async ({ request }) => {
  expect(dbStudy("CARD-201").criteria).not.toBe("RECIST 1.1");
  for (const e of [endpoint("DiagnosticReport"), endpoint("observation imaging")]) {
    const b = await getBundle(request, NORTHSTAR, searchPath(e, "CARD-201"));
    expect(b.total, e.name).toBe(0);
    expect(entries(b), e.name).toEqual([]);
    expect(b.identifier?.value).toBe("CARD-201");
    expect(pageOf(link(b, "last")!)).toBe(1);
    expect(link(b, "next")).toBeUndefined();
  }
  // The other record types of CARD-201 are served as usual.
  const ae = await getBundle(request, NORTHSTAR, searchPath(endpoint("AdverseEvent"), "CARD-201", { _count: 1 }));
  expect(ae.total).toBeGreaterThan(0);
});

test("every non-RECIST study of the database has no DiagnosticReports or lesions for its grantee", async ({
  request,
}) => {
  const others = dbStudies().filter((s) => !isRecist(s));
  expect(others.length).toBeGreaterThan(0);
  for (const s of others) {
    const p = granteeOf(s.study_number);
    if (!p) continue;
    for (const e of [endpoint("DiagnosticReport"), endpoint("observation imaging")]) {
      const b = await getBundle(request, p, searchPath(e, s.study_number));
      expect(b.total, `${s.study_number} ${e.name}`).toBe(0);
    }
  }
});

test("the test data holds unsigned and superseded assessment revisions (so the checks below bite)", () => {
  let unsigned = 0;
  let superseded = 0;
  let latestUnsigned = 0;
  for (const s of dbStudies().filter(isRecist)) {
    const rows = dbAssessments(s.study_number);
    const visible = expectedVisibleAssessments(s.study_number);
    const byId = new Map<string, AssessmentDbRow[]>();
    for (const r of rows) byId.set(r.assessment_id, [...(byId.get(r.assessment_id) ?? []), r]);
    unsigned += rows.filter((r) => r.pi_signed === 0).length;
    for (const [id, list] of byId) {
      if (list.length > 1) superseded += list.length - 1;
      if (!visible.has(id)) latestUnsigned++;
    }
  }
  expect(unsigned, "rows with pi_signed = 0").toBeGreaterThan(0);
  expect(superseded, "superseded revisions").toBeGreaterThan(0);
  expect(latestUnsigned, "assessments whose latest revision is unsigned").toBeGreaterThan(0);
});

for (const s of ["ONC-101", "ONC-102"]) {
  test(`${s}: served DiagnosticReports are exactly the PI-signed latest revisions`, async ({ request }) => {
    const study = dbStudy(s);
    expect(isRecist(study)).toBe(true);
    const p = granteeOf(s)!;
    const rows = dbAssessments(s);
    const visible = expectedVisibleAssessments(s);
    expect(visible.size).toBeGreaterThan(0);
    const reports = await all(request, p, endpoint("DiagnosticReport"), s);
    const served = new Map<string, string>();
    for (const { resource: r } of reports) {
      const id = identifierValue(r, sd("AssessmentId"));
      const [caseRev, assessmentRev] = extsByUrl(r, sd("RevisionNumber")).map(
        (x) => extensionValue(x, "valueInteger") as number,
      );
      expect(served.has(id), `assessment ${id} served once`).toBe(false);
      served.set(id, triple(id, caseRev, assessmentRev));
      expect(r.status).toBe("final");
    }
    const expected = new Map([...visible].map(([id, r]) => [id, triple(id, r.case_revision, r.assessment_revision)]));
    expect(
      new Map([...served].sort()),
      "served (assessment, case revision, assessment revision) = the database's visible rows",
    ).toEqual(new Map([...expected].sort()));
    // Unsigned rows never leave the database.
    const signed = new Set(
      rows.filter((r) => r.pi_signed === 1).map((r) => triple(r.assessment_id, r.case_revision, r.assessment_revision)),
    );
    for (const t of served.values()) expect(signed.has(t), `${t} is PI-signed`).toBe(true);
    for (const r of rows.filter((x) => x.pi_signed === 0)) {
      expect(
        served.get(r.assessment_id),
        `unsigned ${triple(r.assessment_id, r.case_revision, r.assessment_revision)} not served`,
      ).not.toBe(triple(r.assessment_id, r.case_revision, r.assessment_revision));
    }
    // Superseded revisions never leave the database, and an assessment whose latest revision is unsigned is absent.
    const latest = latestAssessmentRows(s);
    for (const id of new Set(rows.map((r) => r.assessment_id))) {
      const top = latest.get(id);
      if (!top || top.pi_signed === 0)
        expect(
          served.has(id),
          `assessment ${id}: latest revision unsigned or not in the case's latest revision, so absent`,
        ).toBe(false);
      else
        expect(served.get(id), `assessment ${id}: the latest revision`).toBe(
          triple(id, top.case_revision, top.assessment_revision),
        );
    }
    for (const r of rows) {
      const t = triple(r.assessment_id, r.case_revision, r.assessment_revision);
      const top = latest.get(r.assessment_id);
      const isLatest = top !== undefined && top.row_id === r.row_id;
      if (!isLatest) expect(served.get(r.assessment_id), `superseded ${t} not served`).not.toBe(t);
    }
  });

  test(`${s}: hidden assessments and their lesions cannot be reached by filters either`, async ({ request }) => {
    const p = granteeOf(s)!;
    const visible = expectedVisibleAssessments(s);
    const hiddenIds = [...new Set(dbAssessments(s).map((r) => r.assessment_id))].filter((id) => !visible.has(id));
    expect(hiddenIds.length, `${s} has assessments that are not served`).toBeGreaterThan(0);
    const visibleRows = new Set([...visible.values()].map((r) => r.row_id));
    const visibleLesionIds = new Set(
      dbLesions(s)
        .filter((l) => visibleRows.has(l.assessment_row))
        .map((l) => l.lesion_id),
    );
    const hiddenLesionIds = [
      ...new Set(
        dbLesions(s)
          .filter((l) => !visibleRows.has(l.assessment_row))
          .map((l) => l.lesion_id),
      ),
    ].filter((id) => !visibleLesionIds.has(id));
    for (const id of hiddenIds.slice(0, 15)) {
      const b = await getBundle(request, p, searchPath(endpoint("DiagnosticReport"), s, { _Id: id }));
      expect(b.total, `DiagnosticReport _Id=${id}`).toBe(0);
      expect(entries(b)).toEqual([]);
    }
    for (const id of hiddenLesionIds.slice(0, 15)) {
      for (const key of ["id", "_Id"]) {
        const b = await getBundle(
          request,
          p,
          api(`observation?${qs({ researchstudy: s, category: "imaging", [key]: id })}`),
        );
        expect(b.total, `lesion ${key}=${id}`).toBe(0);
      }
    }
  });

  test(`${s}: every served lesion belongs to a served assessment, and every lesion of one is served`, async ({
    request,
  }) => {
    const p = granteeOf(s)!;
    const reports = await all(request, p, endpoint("DiagnosticReport"), s);
    const lesions = await all(request, p, endpoint("observation imaging"), s);
    const referenced = new Map<string, string>();
    for (const { resource: r } of reports) {
      const assessmentId = identifierValue(r, sd("AssessmentId"));
      for (const x of (r.result ?? []) as { display: string }[]) referenced.set(x.display, assessmentId);
    }
    const servedIds = lesions.map((l) => identifierValue(l.resource, sd("LesionIdentifier")));
    expect(new Set(servedIds).size).toBe(servedIds.length);
    const missing = servedIds.filter((id) => !referenced.has(id));
    expect(missing, "served lesions that no served DiagnosticReport references").toEqual([]);
    expect(new Set(servedIds)).toEqual(new Set(referenced.keys()));
    // Each lesion's ID names its assessment: <case_id>-<assessment_id>-<label>.
    const visible = expectedVisibleAssessments(s);
    const c = new Check();
    for (const l of lesions) {
      const id = identifierValue(l.resource, sd("LesionIdentifier"));
      const a = visible.get(referenced.get(id) ?? "");
      if (!c.ok(a, `lesion ${id}: its report is a visible assessment`) || !a) continue;
      c.ok(
        id.startsWith(`${a.case_id}-${a.assessment_id}-`),
        `${id} names case ${a.case_id} and assessment ${a.assessment_id}`,
      );
      c.eq(l.resource.subject.reference, `Patient/${a.subject_id}`, `lesion ${id}: subject of its assessment`);
    }
    c.done();
    expect(lesions.length).toBe(expectedTotal(endpoint("observation imaging"), s));
  });
}

test("totals of every record type equal the database for every granted study", async ({ request }) => {
  for (const p of PARTNERS) {
    for (const s of p.studies) {
      for (const name of [
        "AdverseEvent",
        "DiagnosticReport",
        "observation imaging",
        "observation laboratory",
        "observation vital-signs",
        "MedicationStatement",
        "Patient",
        "Group",
      ]) {
        const e = endpoint(name);
        const b = await getBundle(request, p, searchPath(e, s, { _count: 1 }));
        expect(b.total, `${p.partnerId} ${s} ${name}`).toBe(expectedTotal(e, s));
      }
    }
  }
});
