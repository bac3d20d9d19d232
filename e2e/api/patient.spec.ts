/**
 * Patient by subject ID in every accepted form (docs/partner-service.md,
 * "Patient by subject ID"): `/Patient/{id}`, `/patient/{id}`, `Patient?_id=`,
 * `Patient?id=`, with and without `researchstudy`; unknown subjects: path 404,
 * search empty Bundle.
 */
import { expect, test } from "@playwright/test";
import {
  API_PREFIX,
  all,
  api,
  Check,
  dbSubjects,
  type Entry,
  endpoint,
  entries,
  expectBundle,
  expectOperationOutcome,
  getAs,
  getBundle,
  LAKESIDE,
  NORTHSTAR,
  qs,
  sd,
  XSS,
} from "./fixtures";
import { checkPatient, studyData } from "./shape-checks";

/** Every accepted way of asking for one subject, with and without its study. */
function forms(id: string, study: string): string[] {
  const enc = encodeURIComponent(id);
  return [
    api(`Patient/${enc}`),
    api(`patient/${enc}`),
    api(`Patient?${qs({ _id: id })}`),
    api(`Patient?${qs({ id })}`),
    api(`Patient/${enc}?${qs({ researchstudy: study })}`),
    api(`patient/${enc}?${qs({ researchstudy: study })}`),
    api(`Patient?${qs({ researchstudy: study, _id: id })}`),
    api(`Patient?${qs({ researchstudy: study, id })}`),
  ];
}

for (const [partner, study] of [
  [NORTHSTAR, "ONC-101"],
  [NORTHSTAR, "CARD-201"],
  [LAKESIDE, "ONC-102"],
] as const) {
  test(`${partner.partnerId}: a subject of ${study} by ID in every accepted form`, async ({ request }) => {
    const listing = await all(request, partner, endpoint("Patient"), study);
    const d = studyData(study);
    expect(listing.length).toBe(d.subjects.size);
    for (const entry of [listing[0], listing[listing.length - 1]]) {
      const id = entry.resource.id!;
      for (const path of forms(id, study)) {
        const b = await getBundle(request, partner, path);
        expect(b.total, path).toBe(1);
        expect(b.identifier, path).toEqual({ system: sd("IDB.Protocol"), value: study });
        const [got] = entries(b) as Entry[];
        expect(got, path).toEqual(entry);
        expect(got.fullUrl).toBe(`${API_PREFIX}/patient/${encodeURIComponent(id)}`);
        const c = new Check();
        checkPatient(got, d, c);
        c.done(path);
      }
    }
  });
}

test("the Patient fullUrl resolves to the same Patient", async ({ request }) => {
  const [entry] = await all(request, NORTHSTAR, endpoint("Patient"), "ONC-101");
  const b = await getBundle(request, NORTHSTAR, entry.fullUrl);
  expect(entries(b)).toEqual([entry]);
});

test("Patient id is the subject ID, the identifier is the subject study ID, and they differ", async ({ request }) => {
  for (const study of ["ONC-101", "CARD-201"]) {
    const listing = await all(request, NORTHSTAR, endpoint("Patient"), study);
    const rows = new Map(dbSubjects(study).map((s) => [s.subject_id, s]));
    for (const { resource: r } of listing) {
      const row = rows.get(r.id!)!;
      expect(row, `Patient ${r.id}`).toBeDefined();
      expect(r.identifier[0].value).toBe(row.subject_study_id);
      expect(r.identifier[0].value).not.toBe(r.id);
    }
  }
});

test("a subject ID that does not exist: path forms 404, search forms an empty Bundle", async ({ request }) => {
  for (const id of ["NO-SUCH-SUBJECT", "0"]) {
    for (const path of forms(id, "ONC-101")) {
      const res = await getAs(request, NORTHSTAR, path);
      if (path.includes("/Patient?")) {
        const b = await expectBundle(res, path);
        expect(b.total, path).toBe(0);
        expect(entries(b), path).toEqual([]);
      } else {
        await expectOperationOutcome(res, 404, { what: path });
      }
    }
  }
});

test("a value that cannot be a subject ID: path forms 404, search forms 400, never reflected", async ({ request }) => {
  for (const path of forms(XSS, "ONC-101")) {
    const res = await getAs(request, NORTHSTAR, path);
    const status = path.includes("/Patient?") ? 400 : 404;
    await expectOperationOutcome(res, status, { reflect: [XSS, "alert(1)"], what: path });
  }
});

test("a subject of one granted study asked for under another granted study: not found there", async ({ request }) => {
  const [subject] = dbSubjects("CARD-201");
  const id = subject.subject_id;
  // Found without a study and with its own study ...
  const own = await getBundle(request, NORTHSTAR, api(`Patient?${qs({ _id: id })}`));
  expect(own.total).toBe(1);
  // ... but not as a subject of ONC-101.
  const other = await getBundle(request, NORTHSTAR, api(`Patient?${qs({ researchstudy: "ONC-101", _id: id })}`));
  expect(other.total).toBe(0);
  expect(entries(other)).toEqual([]);
  await expectOperationOutcome(
    await getAs(request, NORTHSTAR, api(`Patient/${encodeURIComponent(id)}?${qs({ researchstudy: "ONC-101" })}`)),
    404,
  );
});

test("by subject study ID (the Group member value) a Patient is not found: the id is the subject ID", async ({
  request,
}) => {
  const [subject] = dbSubjects("ONC-101");
  expect(subject.subject_study_id).not.toBe(subject.subject_id);
  const b = await getBundle(request, NORTHSTAR, api(`Patient?${qs({ _id: subject.subject_study_id })}`));
  expect(b.total).toBe(0);
});

test("Patient by ID with researchstudy of a study not granted: 403", async ({ request }) => {
  const [subject] = dbSubjects("ONC-101");
  for (const path of [
    api(`Patient?${qs({ researchstudy: "ONC-102", _id: subject.subject_id })}`),
    api(`Patient?${qs({ researchstudy: "NOPE-999", id: subject.subject_id })}`),
  ]) {
    await expectOperationOutcome(await getAs(request, NORTHSTAR, path), 403, { what: path });
  }
});
