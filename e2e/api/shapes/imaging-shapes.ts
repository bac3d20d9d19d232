/** Shape checks of imaging Observations (lesions). */
import {
  type Check,
  type Entry,
  expectChange,
  expectSearchUrl,
  extInt,
  extString,
  extsByUrl,
  FHIR_DATETIME,
  sd,
} from "../fixtures";
import {
  expectCategory,
  expectExtensionUrls,
  expectSubject,
  LESION_CATEGORIES,
  LESION_STATES,
  type StudyData,
} from "./study-data";

export function checkImaging(entry: Entry, d: StudyData, c: Check): void {
  const r = entry.resource;
  const s = d.study;
  c.eq(r.resourceType, "Observation", "resourceType");
  if (!c.ok(Array.isArray(r.identifier) && r.identifier.length === 1, "lesion identifier[]")) return;
  c.eq(r.identifier[0].system, sd("LesionIdentifier"), "lesion identifier system");
  const id = r.identifier[0].value as string;
  const what = `imaging Observation ${id}`;
  const row = d.lesions.get(id);
  if (!c.ok(row, `${what} is a lesion of a visible assessment of ${s.study_number}`) || !row) return;
  const a = d.assessmentByRow.get(row.assessment_row)!;
  c.eq(id, `${a.case_id}-${a.assessment_id}-${row.label}`, `${what}: shape <case_id>-<assessment_id>-<lesion_label>`);
  checkLesionExtensions(r, row, d, what, c);
  c.eq(r.status, "final", `${what}: status`);
  expectCategory(r, "imaging", "Imaging", what, c);
  expectSubject(r, row.subject_id, what, c);
  c.eq(row.subject_id, a.subject_id, `${what}: subject of its assessment`);
  c.match(r.effectiveDateTime, FHIR_DATETIME, `${what}: effectiveDateTime`);
  c.eq(r.effectiveDateTime, row.effective_at, `${what}: effectiveDateTime`);
  c.eq(r.valueQuantity?.unit, row.unit, `${what}: valueQuantity.unit`);
  c.eq(r.valueQuantity?.value, row.value === null ? undefined : row.value, `${what}: valueQuantity.value`);
  expectSearchUrl(entry.fullUrl, "observation", { researchstudy: s.study_number, category: "imaging", id }, c);
}

type Resource = Entry["resource"];
type Lesion = NonNullable<ReturnType<StudyData["lesions"]["get"]>>;

/** The lesion's extensions, against its row. */
function checkLesionExtensions(r: Resource, row: Lesion, d: StudyData, what: string, c: Check): void {
  const s = d.study;
  expectExtensionUrls(
    r,
    [
      "IDB.Protocol",
      "SponsorID",
      "Organ",
      "Category",
      "State",
      "SeriesNumber",
      "SeriesDescription",
      "InstanceNumber",
      "Modality",
      "Label",
      "ChangeFromPrevious",
      "ChangeFromBaseline",
      "ChangeFromNadir",
    ].map(sd),
    what,
    c,
  );
  c.eq(extString(r, "IDB.Protocol", c), s.study_number, `${what}: IDB.Protocol`);
  c.eq(extString(r, "SponsorID", c), s.sponsor_study_number, `${what}: SponsorID`);
  c.eq(extsByUrl(r, sd("SponsorId")).length, 0, `${what}: imaging spells SponsorID`);
  c.eq(extString(r, "Organ", c), row.organ, `${what}: Organ`);
  const category = extString(r, "Category", c);
  c.oneOf(category, LESION_CATEGORIES, `${what}: Category`);
  c.eq(category, row.category, `${what}: Category`);
  const state = extString(r, "State", c);
  c.oneOf(state, LESION_STATES, `${what}: State`);
  c.eq(state, row.state, `${what}: State`);
  c.eq(extInt(r, "SeriesNumber", c), row.series_number, `${what}: SeriesNumber`);
  c.eq(extString(r, "SeriesDescription", c), row.series_description, `${what}: SeriesDescription`);
  c.eq(extInt(r, "InstanceNumber", c), row.instance_number, `${what}: InstanceNumber`);
  c.eq(extString(r, "Modality", c), row.modality, `${what}: Modality`);
  c.eq(extString(r, "Label", c), row.label, `${what}: Label`);
  for (const [n, v] of [
    ["ChangeFromPrevious", row.change_previous],
    ["ChangeFromBaseline", row.change_baseline],
    ["ChangeFromNadir", row.change_nadir],
  ] as const) {
    expectChange(extString(r, n, c), v, `${what} ${n}`, c);
  }
}
