/** Shape checks of laboratory and vital-sign Observations, MedicationStatement, Patient and Group. */
import {
  API_PREFIX,
  type Check,
  type Entry,
  expectSearchUrl,
  extString,
  extValue,
  FHIR_DATETIME,
  LOCAL_DATETIME,
  OFFSET_DATETIME,
  type Resource,
  type StudyRow,
  sd,
  YEAR,
} from "../fixtures";
import {
  CDC_CODE,
  expectCategory,
  expectExtensionUrls,
  expectSubject,
  GENDERS,
  isAbsoluteUrl,
  RXNORM,
  type StudyData,
} from "./study-data";

// ---------------------------------------------------------------- laboratory and vital-signs Observation

function checkMeasurementBase(r: Resource, row: Record<string, never>, s: StudyRow, what: string, c: Check): void {
  c.eq(r.resourceType, "Observation", "resourceType");
  expectExtensionUrls(r, ["IDB.Protocol", "SponsorID"].map(sd), what, c);
  c.eq(extString(r, "IDB.Protocol", c), s.study_number, `${what}: IDB.Protocol`);
  c.eq(extString(r, "SponsorID", c), s.sponsor_study_number, `${what}: SponsorID`);
  c.deep(r.identifier, [{ system: sd("LAB_RESULTS.LR_RESULT_GUID"), value: r.id }], `${what}: identifier[]`);
  c.eq(r.status, "final", `${what}: status`);
  expectSubject(r, row.subject_id, what, c);
  c.eq(r.encounter?.display, row.visit, `${what}: encounter.display`);
  c.match(r.effectiveDateTime, FHIR_DATETIME, `${what}: effectiveDateTime`);
  c.eq(r.effectiveDateTime, row.collected_at, `${what}: effectiveDateTime`);
  c.match(r.issued, OFFSET_DATETIME, `${what}: issued, ISO 8601 with UTC offset`);
  c.eq(Date.parse(r.issued), Date.parse(row.issued), `${what}: issued`);
  c.deep(r.performer, [{ display: `Practitioner/${row.practitioner_id}` }], `${what}: performer`);
  c.eq(r.valueString, row.value_string === null ? undefined : row.value_string, `${what}: valueString`);
  c.eq(
    r.valueQuantity !== undefined || r.valueString !== undefined,
    row.value !== null || row.value_string !== null,
    `${what}: has a value`,
  );
}

export function checkLaboratory(entry: Entry, d: StudyData, c: Check): void {
  const r = entry.resource;
  const s = d.study;
  c.eq(typeof r.id, "string", "lab id");
  const what = `laboratory Observation ${r.id}`;
  const row = d.labs.get(r.id!) as Record<string, never> | undefined;
  if (!c.ok(row, `${what} is a ${s.study_number} lab row`) || !row) return;
  checkMeasurementBase(r, row, s, what, c);
  expectCategory(r, "laboratory", "Laboratory", what, c);
  const coding = r.code?.coding?.[0];
  if (c.ok(coding, `${what}: code.coding`)) {
    c.ok(isAbsoluteUrl(coding.system), `${what}: code system`);
    c.eq(coding.display, row.test_code, `${what}: code display`);
    if (row.service_code === null) c.eq("code" in coding, false, `${what}: code omitted without a service code`);
    else c.eq(coding.code, row.service_code, `${what}: code`);
  }
  c.eq(r.code?.text, row.test_code, `${what}: code.text`);
  if (row.value === null) c.eq(r.valueQuantity, undefined, `${what}: no valueQuantity`);
  else {
    c.eq(r.valueQuantity?.value, row.value, `${what}: valueQuantity.value`);
    if (row.unit !== null) c.eq(r.valueQuantity?.unit, row.unit, `${what}: valueQuantity.unit`);
  }
  if (row.reference_range === null) c.eq(r.referenceRange, undefined, `${what}: no referenceRange`);
  else c.deep(r.referenceRange, [{ text: row.reference_range }], `${what}: referenceRange`);
  expectSearchUrl(
    entry.fullUrl,
    "observation",
    { researchstudy: s.study_number, category: "laboratory", _Id: r.id! },
    c,
  );
}

export function checkVital(entry: Entry, d: StudyData, c: Check): void {
  const r = entry.resource;
  const s = d.study;
  c.eq(typeof r.id, "string", "vital id");
  const what = `vital-signs Observation ${r.id}`;
  const row = d.vitals.get(r.id!) as Record<string, never> | undefined;
  if (!c.ok(row, `${what} is a ${s.study_number} vital-signs row`) || !row) return;
  checkMeasurementBase(r, row, s, what, c);
  expectCategory(r, "vital-signs", "Vital Signs", what, c);
  const coding = r.code?.coding?.[0];
  if (c.ok(coding, `${what}: code.coding`)) {
    c.ok(isAbsoluteUrl(coding.system), `${what}: code system`);
    c.eq(typeof coding.code, "string", `${what}: code is a string (empty when none)`);
    c.eq(coding.code, row.service_code, `${what}: code`);
    c.eq(coding.display, row.item_type, `${what}: code display`);
  }
  c.eq(r.code?.text, row.item_type, `${what}: code.text`);
  if (row.value === null) c.eq(r.valueQuantity, undefined, `${what}: no valueQuantity`);
  else {
    c.eq(r.valueQuantity?.value, row.value, `${what}: valueQuantity.value`);
    c.eq(typeof r.valueQuantity?.unit, "string", `${what}: valueQuantity.unit`);
    if (row.unit !== null) c.eq(r.valueQuantity?.unit, row.unit, `${what}: valueQuantity.unit`);
    c.ok(isAbsoluteUrl(r.valueQuantity?.system), `${what}: valueQuantity.system`);
  }
  expectSearchUrl(
    entry.fullUrl,
    "observation",
    { researchstudy: s.study_number, category: "vital-signs", _Id: r.id! },
    c,
  );
}

// ---------------------------------------------------------------- MedicationStatement

export function checkMedication(entry: Entry, d: StudyData, c: Check): void {
  const r = entry.resource;
  const s = d.study;
  c.eq(r.resourceType, "MedicationStatement", "resourceType");
  c.eq(typeof r.id, "string", "medication id");
  const what = `MedicationStatement ${r.id}`;
  const row = d.meds.get(r.id!) as Record<string, never> | undefined;
  if (!c.ok(row, `${what} is a ${s.study_number} medication row`) || !row) return;
  expectExtensionUrls(r, ["IDB.Protocol", "SponsorID", "MetadataRuleDef"].map(sd), what, c);
  c.eq(extValue(r, "IDB.Protocol", "valueCode", c), s.study_number, `${what}: IDB.Protocol`);
  c.eq(extValue(r, "SponsorID", "valueCode", c), s.sponsor_study_number, `${what}: SponsorID`);
  c.eq(extValue(r, "MetadataRuleDef", "valueCode", c), row.rule_def, `${what}: MetadataRuleDef`);
  if (c.ok(Array.isArray(r.identifier) && r.identifier.length === 1, `${what}: identifier[]`)) {
    c.eq(r.identifier[0].use, "official", `${what}: identifier use`);
    c.ok(isAbsoluteUrl(r.identifier[0].system), `${what}: identifier system`);
    c.eq(
      r.identifier[0].value,
      `${row.record_id}-${row.source_table}`,
      `${what}: identifier <record_id>-<source_table>`,
    );
  }
  c.eq(r.status, "unknown", `${what}: status`);
  c.deep(
    r.medicationCodeableConcept,
    { coding: [{ system: RXNORM, code: row.drug, display: row.drug }], text: row.drug },
    `${what}: medicationCodeableConcept`,
  );
  expectSubject(r, row.subject_id, what, c);
  c.match(r.effectivePeriod?.start, LOCAL_DATETIME, `${what}: effectivePeriod.start`);
  c.eq(r.effectivePeriod?.start, row.start_at, `${what}: effectivePeriod.start`);
  if (row.end_at === null) c.eq(r.effectivePeriod?.end, undefined, `${what}: no effectivePeriod.end`);
  else {
    c.match(r.effectivePeriod?.end, LOCAL_DATETIME, `${what}: effectivePeriod.end`);
    c.eq(r.effectivePeriod?.end, row.end_at, `${what}: effectivePeriod.end`);
  }
  c.deep(r.note, [{ text: row.source_type }], `${what}: note`);
  if (!c.ok(Array.isArray(r.dosage) && r.dosage.length === 1, `${what}: one dosage`)) return;
  const dose = r.dosage[0];
  c.eq(dose.text, row.dosage_text, `${what}: dosage.text`);
  c.deep(dose.route, { text: row.route }, `${what}: dosage.route`);
  c.deep(dose.method, { text: row.method }, `${what}: dosage.method`);
  const dr = dose.doseAndRate?.[0];
  c.eq(dr?.doseQuantity?.unit, row.dose_unit, `${what}: doseQuantity.unit`);
  c.eq(dr?.doseQuantity?.value, row.dose_value === null ? undefined : row.dose_value, `${what}: doseQuantity.value`);
  c.eq(dr?.rateQuantity?.unit, row.rate_unit, `${what}: rateQuantity.unit`);
  expectSearchUrl(entry.fullUrl, "MedicationStatement", { researchstudy: s.study_number, _Id: r.id! }, c);
}

// ---------------------------------------------------------------- Patient and Group

export function checkPatient(entry: Entry, d: StudyData, c: Check): void {
  const r = entry.resource;
  const s = d.study;
  c.eq(r.resourceType, "Patient", "resourceType");
  const what = `Patient ${r.id}`;
  const row = d.subjects.get(r.id!);
  if (!c.ok(row, `${what} is a ${s.study_number} subject`) || !row) return;
  expectExtensionUrls(r, ["IDB.Protocol", "Race", "Ethnicity", "SponsorID"].map(sd), what, c);
  c.eq(extString(r, "IDB.Protocol", c), s.study_number, `${what}: IDB.Protocol`);
  c.eq(extString(r, "SponsorID", c), s.sponsor_study_number, `${what}: SponsorID`);
  const race = extString(r, "Race", c);
  const ethnicity = extString(r, "Ethnicity", c);
  c.match(race, CDC_CODE, `${what}: Race`);
  c.match(ethnicity, CDC_CODE, `${what}: Ethnicity`);
  c.eq(race, row.race, `${what}: Race`);
  c.eq(ethnicity, row.ethnicity, `${what}: Ethnicity`);
  c.deep(r.identifier, [{ system: sd("SubjectStudyId"), value: row.subject_study_id }], `${what}: identifier`);
  c.ok(row.subject_study_id !== row.subject_id, `${what}: SubjectStudyId differs from the subject ID`);
  c.oneOf(r.gender, GENDERS, `${what}: gender`);
  c.eq(r.gender, row.gender, `${what}: gender`);
  c.match(r.birthDate, YEAR, `${what}: birthDate YYYY`);
  c.eq(Number(r.birthDate), row.birth_year, `${what}: birthDate`);
  c.eq(entry.fullUrl, `${API_PREFIX}/patient/${encodeURIComponent(row.subject_id)}`, `${what}: fullUrl`);
}

export function checkGroup(entry: Entry, d: StudyData, c: Check): void {
  const r = entry.resource;
  const s = d.study;
  c.eq(r.resourceType, "Group", "resourceType");
  c.deep(r.identifier, [{ use: "usual", system: sd("IDB.Protocol"), value: s.study_number }], "Group identifier");
  c.eq(r.type, "person", "Group type");
  const members = ((r.member ?? []) as { entity: { reference: string } }[]).map((m) => m.entity?.reference);
  const expected = [...d.subjects.values()].map((x) => `Patient/${x.subject_study_id}`);
  c.deep([...members].sort(), expected.sort(), `Group ${s.study_number}: one member per subject, by subject study ID`);
  if (
    c.ok(
      typeof entry.fullUrl === "string" && entry.fullUrl.startsWith(`${API_PREFIX}/Group?`),
      `Group fullUrl ${entry.fullUrl}`,
    )
  ) {
    c.eq(new URL(entry.fullUrl).searchParams.get("researchstudy"), s.study_number, "Group fullUrl researchstudy");
  }
}
