/**
 * Every endpoint and every field of the resource tables of
 * docs/partner-service.md ("Resources", from the sponsor's specification), for
 * every study a demo partner is granted; fullUrls, `_Id` filters and
 * DiagnosticReport result references resolve to exactly their record.
 */
import { expect, test } from "@playwright/test";
import {
  API_PREFIX,
  all,
  api,
  Check,
  ENDPOINTS,
  type Entry,
  endpoint,
  entries,
  getBundle,
  identifierValue,
  PARTNERS,
  qs,
  recordKey,
  sd,
  searchPath,
} from "./fixtures";
import { checkEntry, expectedTotal, studyData } from "./shape-checks";

/** Runs `fn` over `items` with at most `n` at a time. */
async function pool<T>(items: T[], n: number, fn: (t: T) => Promise<void>): Promise<void> {
  let i = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, items.length) }, async () => {
      while (i < items.length) await fn(items[i++]);
    }),
  );
}

/** Up to `n` entries spread over the list: first, last and evenly in between. */
function sample<T>(list: T[], n: number): T[] {
  if (list.length <= n) return list;
  const out = new Set<number>([0, list.length - 1]);
  for (let k = 1; out.size < n; k++) out.add(Math.floor((k * list.length) / n) % list.length);
  return [...out].sort((a, b) => a - b).map((i) => list[i]);
}

for (const partner of PARTNERS) {
  for (const study of partner.studies) {
    test.describe(`${partner.partnerId} ${study}`, () => {
      for (const e of ENDPOINTS) {
        test(`${e.name}: every entry has the specified shape and values`, async ({ request }) => {
          const d = studyData(study);
          const list = await all(request, partner, e, study);
          expect(list.length, `${e.name} ${study}: total equals the database count`).toBe(expectedTotal(e, study));
          const c = new Check();
          for (const entry of list) {
            c.deep(Object.keys(entry).sort(), ["fullUrl", "resource"], "entry has fullUrl and resource");
            c.eq(entry.resource.resourceType, e.resourceType, "resourceType");
            checkEntry(e, entry, d, c);
          }
          c.done(`${e.name} ${study}: ${list.length} entries`);
          const keys = list.map((x) => recordKey(e, x.resource));
          expect(new Set(keys).size, `${e.name}: record keys are unique`).toBe(keys.length);
        });

        test(`${e.name}: fullUrl and _Id of an entry return exactly that record`, async ({ request }) => {
          const list = await all(request, partner, e, study);
          await pool(sample(list, 12), 6, async (entry) => {
            const key = recordKey(e, entry.resource);
            const viaFullUrl = await getBundle(request, partner, entry.fullUrl);
            expect(viaFullUrl.total, `${entry.fullUrl}: total`).toBe(1);
            expect(entries(viaFullUrl), entry.fullUrl).toEqual([entry]);
            const viaId = await getBundle(request, partner, searchPath(e, study, { _Id: key }));
            expect(viaId.total, `${e.name} _Id=${key}: total`).toBe(1);
            expect(entries(viaId), `${e.name} _Id=${key}`).toEqual([entry]);
          });
          const none = await getBundle(request, partner, searchPath(e, study, { _Id: "no-such-record-key" }));
          expect(none.total).toBe(0);
          expect(entries(none)).toEqual([]);
        });
      }

      test("AdverseEvent: id is the subject ID, not the record key", async ({ request }) => {
        const list = await all(request, partner, endpoint("AdverseEvent"), study);
        const subjects = studyData(study).subjects;
        const c = new Check();
        for (const { resource: r } of list) {
          c.eq(r.id, r.subject.display, "AE id = subject.display");
          c.ok(subjects.has(r.id!), `AE id ${r.id} is a subject of ${study}`);
          c.ok(r.id !== r.identifier.value, `AE id ${r.id} is not the record key`);
        }
        c.done();
      });

      test("Group members are Patient/<subject_study_id>: Patient identifiers, not Patient ids", async ({
        request,
      }) => {
        const [group] = await all(request, partner, endpoint("Group"), study);
        const patients = await all(request, partner, endpoint("Patient"), study);
        const members = (group.resource.member as { entity: { reference: string } }[]).map((m) => m.entity.reference);
        const byIdentifier = new Set(
          patients.map((p) => `Patient/${identifierValue(p.resource, sd("SubjectStudyId"))}`),
        );
        const byId = new Set(patients.map((p) => `Patient/${p.resource.id}`));
        expect(members.length).toBe(patients.length);
        expect(new Set(members)).toEqual(byIdentifier);
        for (const m of members) expect(byId.has(m), `${m} is not a Patient id`).toBe(false);
        expect(group.resource.identifier[0].value).toBe(study);
      });

      test("DiagnosticReport result references resolve to exactly their lesion", async ({ request }) => {
        const reports = await all(request, partner, endpoint("DiagnosticReport"), study);
        const lesions = new Map(
          (await all(request, partner, endpoint("observation imaging"), study)).map((x) => [
            recordKey(endpoint("observation imaging"), x.resource),
            x,
          ]),
        );
        const refs = reports.flatMap((r) =>
          ((r.resource.result ?? []) as { reference: string; display: string }[]).map((x) => x),
        );
        expect(refs.length, "every served lesion is referenced by a report").toBe(lesions.size);
        await pool(refs, 8, async ({ reference, display }) => {
          expect(reference.startsWith("Observation?")).toBe(true);
          const query = reference.slice("Observation?".length);
          const b = await getBundle(request, partner, api(`observation?${query}`));
          expect(b.total, reference).toBe(1);
          const [entry] = entries(b) as Entry[];
          expect(identifierValue(entry.resource, sd("LesionIdentifier"))).toBe(display);
          expect(entry).toEqual(lesions.get(display));
        });
      });
    });
  }
}

test("observation?category=imaging&id= and _Id= filter the same lesion", async ({ request }) => {
  const partner = PARTNERS[0];
  const study = partner.studies[0];
  const e = endpoint("observation imaging");
  const [first] = await all(request, partner, e, study);
  expect(first, `${study} has lesions`).toBeDefined();
  const id = recordKey(e, first.resource);
  const byId = await getBundle(
    request,
    partner,
    api(`observation?${qs({ researchstudy: study, category: "imaging", id })}`),
  );
  const byKey = await getBundle(
    request,
    partner,
    api(`observation?${qs({ researchstudy: study, category: "imaging", _Id: id })}`),
  );
  expect(entries(byId)).toEqual([first]);
  expect(entries(byKey)).toEqual([first]);
  const full = new URL(first.fullUrl);
  expect(`${full.origin}${full.pathname}`).toBe(`${API_PREFIX}/observation`);
  expect(full.searchParams.get("id")).toBe(id);
});
