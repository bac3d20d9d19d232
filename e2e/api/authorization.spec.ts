/**
 * The authorization matrix: every demo partner x every study of the database
 * (and one that does not exist) x every endpoint. Granted pairs get 200,
 * everything else the one 403; no record of a study outside the request ever
 * appears, and subjects of other partners' studies stay invisible.
 */
import { expect, test } from "@playwright/test";
import {
  all,
  api,
  Check,
  dbStudies,
  dbSubjects,
  ENDPOINTS,
  endpoint,
  entries,
  expectBundle,
  expectOperationOutcome,
  extValue,
  getAs,
  getBundle,
  isGranted,
  LAKESIDE,
  matrixStudies,
  NO_SUCH_STUDY,
  NORTHSTAR,
  PARTNERS,
  qs,
  recordKey,
  STRUCTURE_BASE,
  sd,
  searchPath,
} from "./fixtures";
import { studyData } from "./shape-checks";

test("the database holds the demo studies the grants name", () => {
  const studies = dbStudies().map((s) => s.study_number);
  for (const p of PARTNERS) for (const s of p.studies) expect(studies, `${p.partnerId}'s study ${s}`).toContain(s);
  expect(studies).not.toContain(NO_SUCH_STUDY);
});

for (const partner of PARTNERS) {
  for (const e of ENDPOINTS) {
    test(`${partner.partnerId} x every study x ${e.name}: 200 when granted, the same 403 otherwise`, async ({
      request,
    }) => {
      const refusals: Buffer[] = [];
      for (const study of matrixStudies()) {
        const path = searchPath(e, study, { _count: 5 });
        const res = await getAs(request, partner, path);
        if (isGranted(partner, study)) {
          const b = await expectBundle(res, `${partner.partnerId} ${path}`);
          expect(b.identifier?.value).toBe(study);
        } else {
          await expectOperationOutcome(res, 403, { what: `${partner.partnerId} ${path}`, reflect: [study] });
          refusals.push(await res.body());
        }
      }
      expect(refusals.length, "at least one refused study (the nonexistent one)").toBeGreaterThan(0);
      for (const r of refusals)
        expect(r.equals(refusals[0]), "one answer for every refused study, existing or not").toBe(true);
    });
  }
}

/** The study a served resource says it belongs to, by every marker docs/partner-service.md gives it ("Resources"). */
// biome-ignore lint/suspicious/noExplicitAny: served JSON, read field by field.
function studyMarkers(name: string, r: Record<string, any>): (string | null | undefined)[] {
  const markers: (string | null | undefined)[] = [];
  const protocol = (r.extension ?? []).find((x: { url: string }) => x.url === sd("IDB.Protocol"));
  if (protocol) markers.push(protocol.valueString ?? protocol.valueCode);
  if (name === "AdverseEvent") {
    markers.push(r.study?.[0]?.reference?.replace(/^Study\//, ""));
  }
  if (name === "Group") markers.push(r.identifier?.[0]?.value);
  if (name === "DiagnosticReport") {
    for (const x of r.result ?? [])
      markers.push(new URLSearchParams(String(x.reference).split("?")[1]).get("researchstudy"));
  }
  return markers;
}

for (const partner of PARTNERS) {
  for (const study of partner.studies) {
    test(`${partner.partnerId} ${study}: every record served belongs to ${study}`, async ({ request }) => {
      const d = studyData(study);
      const subjects = new Set(d.subjects.keys());
      const subjectStudyIds = new Set([...d.subjects.values()].map((s) => s.subject_study_id));
      const c = new Check();
      for (const e of ENDPOINTS) {
        const list = await all(request, partner, e, study);
        for (const { resource: r, fullUrl } of list) {
          const what = `${e.name} ${recordKey(e, r)}`;
          for (const m of studyMarkers(e.name, r)) c.eq(m, study, `${what}: study marker`);
          if (e.name === "AdverseEvent")
            c.ok(String(r.identifier.value).startsWith(`${study}-`), `${what}: identifier starts with the protocol`);
          if (e.name !== "MedicationStatement" && e.name !== "Group") {
            const sponsorName = e.name === "DiagnosticReport" ? "SponsorId" : "SponsorID";
            c.eq(extValue(r, sponsorName, "valueString", c), d.study.sponsor_study_number, `${what}: ${sponsorName}`);
          }
          if (e.name === "Patient") c.ok(subjects.has(r.id!), `${what}: a subject of ${study}`);
          else if (e.name === "Group") {
            for (const m of r.member ?? [])
              c.ok(
                subjectStudyIds.has(m.entity.reference.replace(/^Patient\//, "")),
                `${what}: member ${m.entity.reference}`,
              );
          } else
            c.ok(subjects.has(String(r.subject?.reference).replace(/^Patient\//, "")), `${what}: subject of ${study}`);
          if (e.name !== "Patient")
            c.eq(new URL(fullUrl).searchParams.get("researchstudy"), study, `${what}: fullUrl researchstudy`);
        }
      }
      c.done(`${partner.partnerId} ${study}`);
    });
  }
}

test.describe("subjects of a study the partner cannot see", () => {
  for (const [partner, other] of [
    [NORTHSTAR, "ONC-102"],
    [LAKESIDE, "ONC-101"],
    [LAKESIDE, "CARD-201"],
  ] as const) {
    test(`${partner.partnerId} asking for a subject of ${other}: path 404, search empty`, async ({ request }) => {
      const subjects = dbSubjects(other);
      expect(subjects.length, `${other} has subjects`).toBeGreaterThan(0);
      const own = partner.studies[0];
      for (const s of [subjects[0], subjects[subjects.length - 1]]) {
        const id = s.subject_id;
        const e404a = await getAs(request, partner, api(`Patient/${encodeURIComponent(id)}`));
        const e404b = await getAs(request, partner, api(`patient/${encodeURIComponent(id)}`));
        const unknown = await getAs(request, partner, api(`Patient/${encodeURIComponent("NO-SUCH-SUBJECT-1")}`));
        const b404a = await expectOperationOutcome(e404a, 404);
        const b404b = await expectOperationOutcome(e404b, 404);
        const bUnknown = await expectOperationOutcome(unknown, 404);
        expect(b404a, "indistinguishable from a subject that does not exist").toEqual(bUnknown);
        expect(b404b).toEqual(bUnknown);
        for (const q of [{ _id: id }, { id }, { _id: id, researchstudy: own }, { id, researchstudy: own }]) {
          const b = await getBundle(request, partner, api(`Patient?${qs(q)}`));
          expect(b.total, JSON.stringify(q)).toBe(0);
          expect(entries(b)).toEqual([]);
          expect(JSON.stringify(b)).not.toContain(s.subject_study_id);
        }
        for (const q of [{ _id: id, researchstudy: other }, { researchstudy: other }]) {
          await expectOperationOutcome(await getAs(request, partner, api(`Patient?${qs(q)}`)), 403, {
            what: JSON.stringify(q),
          });
        }
      }
    });
  }

  test("a lesion, AE or lab record of another partner's study cannot be fetched through an own study", async ({
    request,
  }) => {
    const foreign = "ONC-101";
    const [lesion] = await all(request, NORTHSTAR, endpoint("observation imaging"), foreign);
    const [ae] = await all(request, NORTHSTAR, endpoint("AdverseEvent"), foreign);
    const [lab] = await all(request, NORTHSTAR, endpoint("observation laboratory"), foreign);
    const lesionId = recordKey(endpoint("observation imaging"), lesion.resource);
    // Through the reference itself: the study is not LAKESIDE's.
    await expectOperationOutcome(
      await getAs(
        request,
        LAKESIDE,
        api(`observation?${qs({ researchstudy: foreign, category: "imaging", id: lesionId })}`),
      ),
      403,
    );
    // Through LAKESIDE's own study: nothing.
    for (const path of [
      api(`observation?${qs({ researchstudy: "ONC-102", category: "imaging", id: lesionId })}`),
      searchPath(endpoint("AdverseEvent"), "ONC-102", { _Id: ae.resource.identifier.value }),
      searchPath(endpoint("observation laboratory"), "ONC-102", { _Id: lab.resource.id! }),
    ]) {
      const b = await getBundle(request, LAKESIDE, path);
      expect(b.total, path).toBe(0);
      expect(entries(b)).toEqual([]);
    }
    expect(ae.resource.identifier.system).toBe(`${STRUCTURE_BASE}/`);
  });
});
