/**
 * Field-by-field checks of every resource kind against the specification's
 * tables and decisions.md, with the values compared to the database rows
 * they were built from (read directly from the test database).
 */
import { expect } from "@playwright/test";
import {
  API_PREFIX,
  type AssessmentDbRow,
  CTC_BASE,
  CHANGE,
  type Endpoint,
  type Entry,
  FHIR_DATETIME,
  LOCAL_DATETIME,
  type LesionDbRow,
  OFFSET_DATETIME,
  type Resource,
  STRUCTURE_BASE,
  type StudyRow,
  type SubjectRow,
  US_DATE,
  YEAR,
  db,
  dbLesions,
  dbStudy,
  dbSubjects,
  expectChange,
  expectSearchUrl,
  expectedVisibleAssessments,
  extInt,
  extString,
  extValue,
  extsByUrl,
  isRecist,
  optExtValue,
  sd,
  toUsDate,
  valueOf,
} from "./helpers";

// Code sets of the specification and decisions.md.
export const AE_OUTCOME_CODES = ["resolved", "recovering", "ongoing", "resolvedWithSequelae", "fatal", "unknown"];
export const CAUSALITY_DISPLAYS = ["Certain", "Probably/Likely", "Possible", "Unlikely", "Conditional/Classified", "Unassessable/Unclassifiable"];
export const CONCLUSIONS = ["Non-CR/Non-PD", "Progressive Disease", "Undefined", "Partial Response", "Not Evaluable", "Complete Response", "Stable Disease", "No", "Yes"];
export const LESION_CATEGORIES = ["New lesion", "Non-target", "Target"];
export const LESION_STATES = ["Present", "Defined", "Stable/Improved", "Disappeared", "Undefined", "Uneqv. prog.", "Not evaluable", "Not assessed", "Too small"];
export const GENDERS = ["male", "female", "other", "unknown"];
export const ASSESSMENT_NAME = /^(Baseline|Follow-up ([1-9]|1\d|2[0-5]))$/;
/** A CDC Race & Ethnicity code, e.g. `2106-3`, or `UNK` (unknown, as the generator writes it). */
export const CDC_CODE = /^(\d{4}-\d|UNK)$/;

/** FHIR code systems the tables name ("the FHIR adverse-event outcome value set", "causality-assessment code system"). */
const AE_OUTCOME_SYSTEMS = ["http://terminology.hl7.org/CodeSystem/adverse-event-outcome", "http://hl7.org/fhir/ValueSet/adverse-event-outcome", "http://hl7.org/fhir/adverse-event-outcome"];
const CAUSALITY_SYSTEMS = ["http://terminology.hl7.org/CodeSystem/adverse-event-causality-assess", "http://hl7.org/fhir/adverse-event-causality-assess"];
const RXNORM = "http://www.nlm.nih.gov/research/umls/rxnorm";

const isAbsoluteUrl = (s: unknown) => typeof s === "string" && /^[a-z][a-z0-9+.-]*:\/\/\S+$/i.test(s);

/** Every extension URL is `<structure_base>#Name` or one of the CTC URLs, and listed in `allowed`. */
function expectExtensionUrls(r: Resource, allowed: string[], what: string): void {
  expect(Array.isArray(r.extension), `${what}: extension[]`).toBe(true);
  for (const x of r.extension ?? []) {
    expect(allowed, `${what}: unexpected extension ${x.url}`).toContain(x.url);
  }
}

function expectCategory(r: Resource, code: string, display: string, what: string): void {
  expect(Array.isArray(r.category) && r.category.length === 1, `${what}: one category`).toBe(true);
  const c = r.category[0];
  expect(c.text, `${what}: category.text`).toBe(display);
  expect(Array.isArray(c.coding) && c.coding.length >= 1, `${what}: category.coding`).toBe(true);
  expect(c.coding[0].code, `${what}: category code`).toBe(code);
  expect(c.coding[0].display, `${what}: category display`).toBe(display);
  expect(isAbsoluteUrl(c.coding[0].system), `${what}: category system ${c.coding[0].system}`).toBe(true);
}

function expectSubject(r: Resource, subjectId: string, what: string): void {
  expect(r.subject?.reference, `${what}: subject.reference`).toBe(`Patient/${subjectId}`);
}

/** Lookups of one study's database rows, built once per study per worker. */
export interface StudyData {
  study: StudyRow;
  subjects: Map<string, SubjectRow>;
  aes: Map<string, Record<string, unknown>>;
  visible: Map<string, AssessmentDbRow>;
  /** Lesions of the visible assessment rows, by lesion ID. */
  lesions: Map<string, LesionDbRow>;
  /** Visible assessment row_id -> its lesion IDs. */
  lesionsOf: Map<number, string[]>;
  assessmentByRow: Map<number, AssessmentDbRow>;
  labs: Map<string, Record<string, unknown>>;
  vitals: Map<string, Record<string, unknown>>;
  meds: Map<string, Record<string, unknown>>;
}

const cache = new Map<string, StudyData>();

function byKey(sql: string, study: string, key: string): Map<string, Record<string, unknown>> {
  const rows = db().prepare(sql).all(study) as Record<string, unknown>[];
  return new Map(rows.map((r) => [String(r[key]), r]));
}

export function studyData(studyNumber: string): StudyData {
  const hit = cache.get(studyNumber);
  if (hit) return hit;
  const study = dbStudy(studyNumber);
  // DiagnosticReports (and the lesions reached through them) exist only for RECIST 1.1 studies.
  const visible = isRecist(study) ? expectedVisibleAssessments(studyNumber) : new Map<string, AssessmentDbRow>();
  const assessmentByRow = new Map([...visible.values()].map((a) => [a.row_id, a]));
  const lesions = new Map<string, LesionDbRow>();
  const lesionsOf = new Map<number, string[]>();
  for (const l of dbLesions(studyNumber)) {
    if (!assessmentByRow.has(l.assessment_row)) continue;
    lesions.set(l.lesion_id, l);
    lesionsOf.set(l.assessment_row, [...(lesionsOf.get(l.assessment_row) ?? []), l.lesion_id]);
  }
  const data: StudyData = {
    study,
    subjects: new Map(dbSubjects(studyNumber).map((s) => [s.subject_id, s])),
    aes: byKey(
      `SELECT a.*, s.mrn FROM adverse_events a JOIN subjects s ON s.subject_id = a.subject_id WHERE a.study_number = ?`,
      studyNumber,
      "ae_key",
    ),
    visible,
    lesions,
    lesionsOf,
    assessmentByRow,
    labs: byKey("SELECT * FROM lab_results WHERE study_number = ?", studyNumber, "id"),
    vitals: byKey("SELECT * FROM vital_signs WHERE study_number = ?", studyNumber, "id"),
    meds: byKey("SELECT * FROM medications WHERE study_number = ?", studyNumber, "id"),
  };
  cache.set(studyNumber, data);
  return data;
}

// ---------------------------------------------------------------- AdverseEvent

export function checkAdverseEvent(entry: Entry, d: StudyData): void {
  const r = entry.resource;
  const s = d.study;
  expect(r.resourceType).toBe("AdverseEvent");
  expect(r.identifier?.system, "AE identifier.system").toBe(`${STRUCTURE_BASE}/`);
  const key = r.identifier.value as string;
  const what = `AdverseEvent ${key}`;
  const row = d.aes.get(key) as Record<string, never> | undefined;
  expect(row, `${what} is a ${s.study_number} row of the database`).toBeDefined();
  if (!row) return;
  expect(key, `${what}: identifier shape <protocol>-<mrn>-<adverse_event_no>-<sequence_no>`).toBe(
    `${s.study_number}-${row.mrn}-${row.ae_no}-${row.seq_no}`,
  );
  expect(r.id, `${what}: id is the subject ID`).toBe(row.subject_id);
  expectExtensionUrls(
    r,
    ["SponsorID", "StartDate", "EndDate", "AdverseEventSequenceNumber", "VerifiedIndicator", "AEOngoing"].map(sd).concat([`${CTC_BASE}#Grade`, CTC_BASE]),
    what,
  );
  expect(extString(r, "SponsorID"), `${what}: SponsorID`).toBe(s.sponsor_study_number);
  expect(extsByUrl(r, sd("SponsorId")).length, `${what}: AE spells SponsorID`).toBe(0);
  const start = extString(r, "StartDate");
  expect(start, `${what}: StartDate MM/DD/YYYY`).toMatch(US_DATE);
  expect(start).toBe(toUsDate(row.start_at));
  const end = optExtValue(r, "EndDate", "valueString") as string | undefined;
  const ongoing = extInt(r, "AEOngoing");
  expect([0, 1], `${what}: AEOngoing`).toContain(ongoing);
  expect(ongoing).toBe(row.ongoing);
  if (row.end_date === null) expect(end, `${what}: no EndDate`).toBeUndefined();
  else {
    expect(end, `${what}: EndDate MM/DD/YYYY`).toMatch(US_DATE);
    expect(end).toBe(toUsDate(row.end_date));
  }
  if (ongoing === 1) expect(end, `${what}: EndDate absent while ongoing`).toBeUndefined();
  expect(extInt(r, "AdverseEventSequenceNumber")).toBe(row.seq_no);
  const verified = extInt(r, "VerifiedIndicator");
  expect([0, 1]).toContain(verified);
  expect(verified).toBe(row.verified);
  const grades = extsByUrl(r, `${CTC_BASE}#Grade`);
  if (row.grade === null) expect(grades.length, `${what}: no grade`).toBe(0);
  else {
    expect(grades.length, `${what}: one Grade`).toBe(1);
    expect(valueOf(grades[0], "valueInteger")).toBe(row.grade);
  }
  const versions = extsByUrl(r, CTC_BASE);
  expect(versions.length, `${what}: one CTCAE version`).toBe(1);
  expect(valueOf(versions[0], "valueDecimal")).toBe(row.ctcae_version);
  expect(r.actuality).toBe("actual");
  expect(Array.isArray(r.event?.coding) && r.event.coding.length >= 1, `${what}: event.coding`).toBe(true);
  expect(isAbsoluteUrl(r.event.coding[0].system), `${what}: event system`).toBe(true);
  expect(r.event.coding[0].display).toBe(row.term);
  expect(r.subject).toEqual({ reference: `Patient/${row.subject_id}`, display: row.subject_id });
  expect(r.date, `${what}: date YYYY-MM-DDThh:mm:ss`).toMatch(LOCAL_DATETIME);
  expect(r.date).toBe(row.start_at);
  expect(toUsDate(r.date), `${what}: StartDate is the date of date`).toBe(start);
  const outcome = r.outcome?.coding?.[0];
  expect(AE_OUTCOME_SYSTEMS, `${what}: outcome system`).toContain(outcome?.system);
  expect(AE_OUTCOME_CODES).toContain(outcome.code);
  expect(outcome.code).toBe(row.outcome);
  expect(typeof outcome.display).toBe("string");
  const causality = r.suspectEntity?.[0]?.causality?.[0];
  expect(CAUSALITY_SYSTEMS, `${what}: causality system`).toContain(causality?.assessment?.coding?.[0]?.system);
  expect(CAUSALITY_DISPLAYS).toContain(causality.assessment.coding[0].display);
  expect(causality.assessment.coding[0].display).toBe(row.causality);
  expect(causality.productRelatedness).toBe(s.agent);
  expect(r.study, `${what}: only study[].reference`).toEqual([{ reference: `Study/${s.study_number}` }]);
  expectSearchUrl(entry.fullUrl, "AdverseEvent", { researchstudy: s.study_number, _Id: key });
}

// ---------------------------------------------------------------- DiagnosticReport

export function checkDiagnosticReport(entry: Entry, d: StudyData): void {
  const r = entry.resource;
  const s = d.study;
  expect(r.resourceType).toBe("DiagnosticReport");
  expect(Array.isArray(r.identifier) && r.identifier.length === 1, "DR identifier[]").toBe(true);
  expect(r.identifier[0].system).toBe(sd("AssessmentId"));
  const id = r.identifier[0].value as string;
  expect(typeof id).toBe("string");
  const what = `DiagnosticReport ${id}`;
  const row = d.visible.get(id);
  expect(row, `${what} is a visible (signed, latest) assessment of ${s.study_number}`).toBeDefined();
  if (!row) return;
  // The exact extension sequence of the table: the two RevisionNumbers around RevisionDate.
  const names = [
    "IDB.Protocol", "SponsorId", "CaseId", "TrialName", "TrialArmName", "RevisionNumber", "RevisionDate", "RevisionNumber",
    "Name", "Timepoint", "CumulativeQuantityId", ...(row.current_value === null ? [] : ["CurrentValue"]), "Unit",
    "ChangeFromPrevious", "ChangeFromBaseline", "ChangeFromNadir",
  ];
  const urls = (r.extension ?? []).map((x) => x.url);
  if (row.current_value === null) {
    // CurrentValue may be present or absent when there is no value; everything else is fixed.
    expect(urls.filter((u) => u !== sd("CurrentValue")), `${what}: extension order`).toEqual(names.map(sd));
  } else expect(urls, `${what}: extension order`).toEqual(names.map(sd));
  expect(urls.filter((u) => u === sd("SponsorID")).length, `${what}: DR spells SponsorId`).toBe(0);
  expect(extString(r, "IDB.Protocol")).toBe(s.study_number);
  expect(extString(r, "SponsorId")).toBe(s.sponsor_study_number);
  expect(extInt(r, "CaseId")).toBe(row.case_id);
  expect(extString(r, "TrialName")).toBe(s.trial_name);
  expect(extString(r, "TrialArmName")).toBe("RECIST 1.1");
  const revs = extsByUrl(r, sd("RevisionNumber"));
  expect(revs.length, `${what}: two RevisionNumbers`).toBe(2);
  expect(valueOf(revs[0], "valueInteger"), `${what}: first RevisionNumber is the case revision`).toBe(row.case_revision);
  expect(valueOf(revs[1], "valueInteger"), `${what}: second RevisionNumber is the assessment revision`).toBe(row.assessment_revision);
  const revDate = extValue(r, "RevisionDate", "valueDateTime") as string;
  expect(revDate).toMatch(FHIR_DATETIME);
  expect(revDate).toBe(row.revision_date);
  const name = extString(r, "Name");
  expect(name).toMatch(ASSESSMENT_NAME);
  expect(name).toBe(row.name);
  const timepoint = extInt(r, "Timepoint");
  expect(timepoint).toBe(row.timepoint);
  expect(name === "Baseline", `${what}: Baseline has Timepoint 0`).toBe(timepoint === 0);
  expect(extString(r, "CumulativeQuantityId")).toBe("targetsum");
  const cv = optExtValue(r, "CurrentValue", "valueDecimal");
  if (row.current_value !== null) expect(cv).toBe(row.current_value);
  expect(extString(r, "Unit")).toBe("mm");
  expectChange(extString(r, "ChangeFromPrevious"), row.change_previous, `${what} ChangeFromPrevious`);
  expectChange(extString(r, "ChangeFromBaseline"), row.change_baseline, `${what} ChangeFromBaseline`);
  expectChange(extString(r, "ChangeFromNadir"), row.change_nadir, `${what} ChangeFromNadir`);
  expect(r.status).toBe("final");
  expectCategory(r, "RAD", "Radiology", what);
  expectSubject(r, row.subject_id, what);
  expect(r.effectiveDateTime, `${what}: effectiveDateTime`).toMatch(LOCAL_DATETIME);
  expect(r.effectiveDateTime).toBe(row.effective_at);
  expect(CONCLUSIONS).toContain(r.conclusion);
  expect(r.conclusion).toBe(row.conclusion);
  // result[]: the lesions of exactly this (visible) assessment row.
  const result = (r.result ?? []) as { reference: string; display: string }[];
  const ref = new RegExp(`^Observation\\?researchstudy=${encodeURIComponent(s.study_number)}&category=imaging&id=([^&]+)$`);
  const served: string[] = [];
  for (const x of result) {
    const m = ref.exec(x.reference);
    expect(m, `${what}: result reference ${x.reference}`).not.toBeNull();
    const lesionId = decodeURIComponent(m![1]);
    expect(x.display).toBe(lesionId);
    served.push(lesionId);
  }
  expect(new Set(served).size, `${what}: no repeated lesion`).toBe(served.length);
  expect([...served].sort()).toEqual([...(d.lesionsOf.get(row.row_id) ?? [])].sort());
  expectSearchUrl(entry.fullUrl, "DiagnosticReport", { researchstudy: s.study_number, _Id: id });
}

// ---------------------------------------------------------------- imaging Observation

export function checkImaging(entry: Entry, d: StudyData): void {
  const r = entry.resource;
  const s = d.study;
  expect(r.resourceType).toBe("Observation");
  expect(Array.isArray(r.identifier) && r.identifier.length === 1, "lesion identifier[]").toBe(true);
  expect(r.identifier[0].system).toBe(sd("LesionIdentifier"));
  const id = r.identifier[0].value as string;
  const what = `imaging Observation ${id}`;
  const row = d.lesions.get(id);
  expect(row, `${what} is a lesion of a visible assessment of ${s.study_number}`).toBeDefined();
  if (!row) return;
  const a = d.assessmentByRow.get(row.assessment_row)!;
  expect(id, `${what}: shape <case_id>-<assessment_id>-<lesion_label>`).toBe(`${a.case_id}-${a.assessment_id}-${row.label}`);
  expectExtensionUrls(
    r,
    ["IDB.Protocol", "SponsorID", "Organ", "Category", "State", "SeriesNumber", "SeriesDescription", "InstanceNumber", "Modality", "Label",
      "ChangeFromPrevious", "ChangeFromBaseline", "ChangeFromNadir"].map(sd),
    what,
  );
  expect(extString(r, "IDB.Protocol")).toBe(s.study_number);
  expect(extString(r, "SponsorID")).toBe(s.sponsor_study_number);
  expect(extString(r, "Organ")).toBe(row.organ);
  const category = extString(r, "Category");
  expect(LESION_CATEGORIES).toContain(category);
  expect(category).toBe(row.category);
  const state = extString(r, "State");
  expect(LESION_STATES).toContain(state);
  expect(state).toBe(row.state);
  expect(extInt(r, "SeriesNumber")).toBe(row.series_number);
  expect(extString(r, "SeriesDescription")).toBe(row.series_description);
  expect(extInt(r, "InstanceNumber")).toBe(row.instance_number);
  expect(extString(r, "Modality")).toBe(row.modality);
  expect(extString(r, "Label")).toBe(row.label);
  for (const [n, v] of [["ChangeFromPrevious", row.change_previous], ["ChangeFromBaseline", row.change_baseline], ["ChangeFromNadir", row.change_nadir]] as const) {
    const text = extString(r, n);
    expect(text, `${what} ${n}`).toMatch(CHANGE);
    expectChange(text, v, `${what} ${n}`);
  }
  expect(r.status).toBe("final");
  expectCategory(r, "imaging", "Imaging", what);
  expectSubject(r, row.subject_id, what);
  expect(row.subject_id, `${what}: subject of its assessment`).toBe(a.subject_id);
  expect(r.effectiveDateTime).toMatch(FHIR_DATETIME);
  expect(r.effectiveDateTime).toBe(row.effective_at);
  expect(r.valueQuantity?.unit).toBe(row.unit);
  if (row.value === null) expect(r.valueQuantity.value).toBeUndefined();
  else expect(r.valueQuantity.value).toBe(row.value);
  expectSearchUrl(entry.fullUrl, "observation", { researchstudy: s.study_number, category: "imaging", id });
}

// ---------------------------------------------------------------- laboratory and vital-signs Observation

function checkMeasurementBase(r: Resource, row: Record<string, never>, s: StudyRow, what: string): void {
  expect(r.resourceType).toBe("Observation");
  expectExtensionUrls(r, ["IDB.Protocol", "SponsorID"].map(sd), what);
  expect(extString(r, "IDB.Protocol")).toBe(s.study_number);
  expect(extString(r, "SponsorID")).toBe(s.sponsor_study_number);
  expect(r.identifier, `${what}: identifier[]`).toEqual([{ system: sd("LAB_RESULTS.LR_RESULT_GUID"), value: r.id }]);
  expect(r.status).toBe("final");
  expectSubject(r, row.subject_id, what);
  expect(r.encounter?.display).toBe(row.visit);
  expect(r.effectiveDateTime).toMatch(FHIR_DATETIME);
  expect(r.effectiveDateTime).toBe(row.collected_at);
  expect(r.issued, `${what}: issued with UTC offset`).toMatch(OFFSET_DATETIME);
  expect(Date.parse(r.issued)).toBe(Date.parse(row.issued));
  expect(r.performer).toEqual([{ display: `Practitioner/${row.practitioner_id}` }]);
  if (row.value_string !== null) expect(r.valueString).toBe(row.value_string);
  else expect(r.valueString).toBeUndefined();
  expect(r.valueQuantity !== undefined || r.valueString !== undefined, `${what}: has a value`).toBe(row.value !== null || row.value_string !== null);
}

export function checkLaboratory(entry: Entry, d: StudyData): void {
  const r = entry.resource;
  const s = d.study;
  expect(typeof r.id).toBe("string");
  const what = `laboratory Observation ${r.id}`;
  const row = d.labs.get(r.id!) as Record<string, never> | undefined;
  expect(row, `${what} is a ${s.study_number} lab row`).toBeDefined();
  if (!row) return;
  checkMeasurementBase(r, row, s, what);
  expectCategory(r, "laboratory", "Laboratory", what);
  const coding = r.code?.coding?.[0];
  expect(isAbsoluteUrl(coding?.system), `${what}: code system`).toBe(true);
  expect(coding.display).toBe(row.test_code);
  expect(r.code.text).toBe(row.test_code);
  if (row.service_code === null) expect("code" in coding, `${what}: code omitted without a service code`).toBe(false);
  else expect(coding.code).toBe(row.service_code);
  if (row.value === null) expect(r.valueQuantity).toBeUndefined();
  else {
    expect(r.valueQuantity.value).toBe(row.value);
    if (row.unit !== null) expect(r.valueQuantity.unit).toBe(row.unit);
  }
  if (row.reference_range === null) expect(r.referenceRange).toBeUndefined();
  else expect(r.referenceRange).toEqual([{ text: row.reference_range }]);
  expectSearchUrl(entry.fullUrl, "observation", { researchstudy: s.study_number, category: "laboratory", _Id: r.id! });
}

export function checkVital(entry: Entry, d: StudyData): void {
  const r = entry.resource;
  const s = d.study;
  expect(typeof r.id).toBe("string");
  const what = `vital-signs Observation ${r.id}`;
  const row = d.vitals.get(r.id!) as Record<string, never> | undefined;
  expect(row, `${what} is a ${s.study_number} vital-signs row`).toBeDefined();
  if (!row) return;
  checkMeasurementBase(r, row, s, what);
  expectCategory(r, "vital-signs", "Vital Signs", what);
  const coding = r.code?.coding?.[0];
  expect(isAbsoluteUrl(coding?.system), `${what}: code system`).toBe(true);
  expect(typeof coding.code, `${what}: code is a string (empty when none)`).toBe("string");
  expect(coding.code).toBe(row.service_code);
  expect(coding.display).toBe(row.item_type);
  expect(r.code.text).toBe(row.item_type);
  if (row.value === null) expect(r.valueQuantity).toBeUndefined();
  else {
    expect(r.valueQuantity.value).toBe(row.value);
    expect(typeof r.valueQuantity.unit).toBe("string");
    if (row.unit !== null) expect(r.valueQuantity.unit).toBe(row.unit);
    expect(isAbsoluteUrl(r.valueQuantity.system), `${what}: valueQuantity.system`).toBe(true);
  }
  expectSearchUrl(entry.fullUrl, "observation", { researchstudy: s.study_number, category: "vital-signs", _Id: r.id! });
}

// ---------------------------------------------------------------- MedicationStatement

export function checkMedication(entry: Entry, d: StudyData): void {
  const r = entry.resource;
  const s = d.study;
  expect(r.resourceType).toBe("MedicationStatement");
  expect(typeof r.id).toBe("string");
  const what = `MedicationStatement ${r.id}`;
  const row = d.meds.get(r.id!) as Record<string, never> | undefined;
  expect(row, `${what} is a ${s.study_number} medication row`).toBeDefined();
  if (!row) return;
  expectExtensionUrls(r, ["IDB.Protocol", "SponsorID", "MetadataRuleDef"].map(sd), what);
  expect(extValue(r, "IDB.Protocol", "valueCode")).toBe(s.study_number);
  expect(extValue(r, "SponsorID", "valueCode")).toBe(s.sponsor_study_number);
  expect(extValue(r, "MetadataRuleDef", "valueCode")).toBe(row.rule_def);
  expect(Array.isArray(r.identifier) && r.identifier.length === 1, `${what}: identifier[]`).toBe(true);
  expect(r.identifier[0].use).toBe("official");
  expect(isAbsoluteUrl(r.identifier[0].system), `${what}: identifier system`).toBe(true);
  expect(r.identifier[0].value, `${what}: <record_id>-<source_table>`).toBe(`${row.record_id}-${row.source_table}`);
  expect(r.status).toBe("unknown");
  expect(r.medicationCodeableConcept).toEqual({ coding: [{ system: RXNORM, code: row.drug, display: row.drug }], text: row.drug });
  expectSubject(r, row.subject_id, what);
  expect(r.effectivePeriod?.start).toMatch(LOCAL_DATETIME);
  expect(r.effectivePeriod.start).toBe(row.start_at);
  if (row.end_at === null) expect(r.effectivePeriod.end).toBeUndefined();
  else {
    expect(r.effectivePeriod.end).toMatch(LOCAL_DATETIME);
    expect(r.effectivePeriod.end).toBe(row.end_at);
  }
  expect(r.note).toEqual([{ text: row.source_type }]);
  expect(Array.isArray(r.dosage) && r.dosage.length === 1).toBe(true);
  const dose = r.dosage[0];
  expect(dose.text).toBe(row.dosage_text);
  expect(dose.route).toEqual({ text: row.route });
  expect(dose.method).toEqual({ text: row.method });
  const dr = dose.doseAndRate?.[0];
  expect(dr.doseQuantity.unit).toBe(row.dose_unit);
  if (row.dose_value === null) expect(dr.doseQuantity.value).toBeUndefined();
  else expect(dr.doseQuantity.value).toBe(row.dose_value);
  expect(dr.rateQuantity?.unit).toBe(row.rate_unit);
  expectSearchUrl(entry.fullUrl, "MedicationStatement", { researchstudy: s.study_number, _Id: r.id! });
}

// ---------------------------------------------------------------- Patient and Group

export function checkPatient(entry: Entry, d: StudyData): void {
  const r = entry.resource;
  const s = d.study;
  expect(r.resourceType).toBe("Patient");
  const what = `Patient ${r.id}`;
  const row = d.subjects.get(r.id!);
  expect(row, `${what} is a ${s.study_number} subject`).toBeDefined();
  if (!row) return;
  expectExtensionUrls(r, ["IDB.Protocol", "Race", "Ethnicity", "SponsorID"].map(sd), what);
  expect(extString(r, "IDB.Protocol")).toBe(s.study_number);
  expect(extString(r, "SponsorID")).toBe(s.sponsor_study_number);
  const race = extString(r, "Race");
  const ethnicity = extString(r, "Ethnicity");
  expect(race).toMatch(CDC_CODE);
  expect(ethnicity).toMatch(CDC_CODE);
  expect(race).toBe(row.race);
  expect(ethnicity).toBe(row.ethnicity);
  expect(r.identifier).toEqual([{ system: sd("SubjectStudyId"), value: row.subject_study_id }]);
  expect(row.subject_study_id, `${what}: SubjectStudyId differs from the subject ID`).not.toBe(row.subject_id);
  expect(GENDERS).toContain(r.gender);
  expect(r.gender).toBe(row.gender);
  expect(r.birthDate, `${what}: birthDate YYYY`).toMatch(YEAR);
  expect(Number(r.birthDate)).toBe(row.birth_year);
  expect(entry.fullUrl).toBe(`${API_PREFIX}/patient/${encodeURIComponent(row.subject_id)}`);
}

export function checkGroup(entry: Entry, d: StudyData): void {
  const r = entry.resource;
  const s = d.study;
  expect(r.resourceType).toBe("Group");
  expect(r.identifier).toEqual([{ use: "usual", system: sd("IDB.Protocol"), value: s.study_number }]);
  expect(r.type).toBe("person");
  const members = ((r.member ?? []) as { entity: { reference: string } }[]).map((m) => m.entity.reference);
  const expected = [...d.subjects.values()].map((x) => `Patient/${x.subject_study_id}`);
  expect([...members].sort(), `Group ${s.study_number}: one member per subject, by subject study ID`).toEqual(expected.sort());
  const parsed = parseGroupUrl(entry.fullUrl);
  expect(parsed.path).toBe("Group");
  expect(parsed.researchstudy).toBe(s.study_number);
}

function parseGroupUrl(url: string) {
  expect(url.startsWith(`${API_PREFIX}/`), url).toBe(true);
  const u = new URL(url);
  return { path: u.pathname.split("/").pop(), researchstudy: u.searchParams.get("researchstudy") };
}

export const CHECKS: Record<string, (entry: Entry, d: StudyData) => void> = {
  AdverseEvent: checkAdverseEvent,
  DiagnosticReport: checkDiagnosticReport,
  "observation imaging": checkImaging,
  "observation laboratory": checkLaboratory,
  "observation vital-signs": checkVital,
  MedicationStatement: checkMedication,
  Patient: checkPatient,
  Group: checkGroup,
};

export const checkEntry = (e: Endpoint, entry: Entry, d: StudyData) => CHECKS[e.name](entry, d);

/** The number of records a study's search must report, counted in the database. */
export function expectedTotal(e: Endpoint, study: string): number {
  const d = studyData(study);
  switch (e.name) {
    case "AdverseEvent":
      return d.aes.size;
    case "DiagnosticReport":
      return d.visible.size;
    case "observation imaging":
      return d.lesions.size;
    case "observation laboratory":
      return d.labs.size;
    case "observation vital-signs":
      return d.vitals.size;
    case "MedicationStatement":
      return d.meds.size;
    case "Patient":
      return d.subjects.size;
    case "Group":
      return 1;
    default:
      throw new Error(e.name);
  }
}
