/**
 * Field-by-field checks of every resource kind against the specification's
 * tables and decisions.md, with the values compared to the database rows
 * they were built from (read directly from the test database).
 */
import {
  API_PREFIX,
  type Check,
  type AssessmentDbRow,
  CTC_BASE,
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
function expectExtensionUrls(r: Resource, allowed: string[], what: string, c: Check): void {
  if (!c.ok(Array.isArray(r.extension), `${what}: extension[]`)) return;
  for (const x of r.extension ?? []) c.oneOf(x.url, allowed, `${what}: extension URL`);
}

function expectCategory(r: Resource, code: string, display: string, what: string, c: Check): void {
  if (!c.ok(Array.isArray(r.category) && r.category.length === 1, `${what}: one category`)) return;
  const cat = r.category[0];
  c.eq(cat.text, display, `${what}: category.text`);
  if (!c.ok(Array.isArray(cat.coding) && cat.coding.length >= 1, `${what}: category.coding`)) return;
  c.eq(cat.coding[0].code, code, `${what}: category code`);
  c.eq(cat.coding[0].display, display, `${what}: category display`);
  c.ok(isAbsoluteUrl(cat.coding[0].system), `${what}: category system ${cat.coding[0].system}`);
}

function expectSubject(r: Resource, subjectId: string, what: string, c: Check): void {
  c.eq(r.subject?.reference, `Patient/${subjectId}`, `${what}: subject.reference`);
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

export function checkAdverseEvent(entry: Entry, d: StudyData, c: Check): void {
  const r = entry.resource;
  const s = d.study;
  c.eq(r.resourceType, "AdverseEvent", "resourceType");
  c.eq(r.identifier?.system, `${STRUCTURE_BASE}/`, "AE identifier.system");
  const key = r.identifier?.value as string;
  const what = `AdverseEvent ${key}`;
  const row = d.aes.get(key) as Record<string, never> | undefined;
  if (!c.ok(row, `${what} is a ${s.study_number} row of the database`) || !row) return;
  c.eq(key, `${s.study_number}-${row.mrn}-${row.ae_no}-${row.seq_no}`, `${what}: identifier shape <protocol>-<mrn>-<adverse_event_no>-<sequence_no>`);
  c.eq(r.id, row.subject_id, `${what}: id is the subject ID`);
  expectExtensionUrls(
    r,
    ["SponsorID", "StartDate", "EndDate", "AdverseEventSequenceNumber", "VerifiedIndicator", "AEOngoing"].map(sd).concat([`${CTC_BASE}#Grade`, CTC_BASE]),
    what,
    c,
  );
  c.eq(extString(r, "SponsorID", c), s.sponsor_study_number, `${what}: SponsorID`);
  c.eq(extsByUrl(r, sd("SponsorId")).length, 0, `${what}: AE spells SponsorID`);
  const start = extString(r, "StartDate", c);
  c.match(start, US_DATE, `${what}: StartDate MM/DD/YYYY`);
  c.eq(start, toUsDate(row.start_at), `${what}: StartDate`);
  const end = optExtValue(r, "EndDate", "valueString", c) as string | undefined;
  const ongoing = extInt(r, "AEOngoing", c);
  c.oneOf(ongoing, [0, 1], `${what}: AEOngoing`);
  c.eq(ongoing, row.ongoing, `${what}: AEOngoing`);
  if (row.end_date === null) c.eq(end, undefined, `${what}: no EndDate`);
  else {
    c.match(end, US_DATE, `${what}: EndDate MM/DD/YYYY`);
    c.eq(end, toUsDate(row.end_date), `${what}: EndDate`);
  }
  if (ongoing === 1) c.eq(end, undefined, `${what}: EndDate absent while ongoing`);
  c.eq(extInt(r, "AdverseEventSequenceNumber", c), row.seq_no, `${what}: AdverseEventSequenceNumber`);
  const verified = extInt(r, "VerifiedIndicator", c);
  c.oneOf(verified, [0, 1], `${what}: VerifiedIndicator`);
  c.eq(verified, row.verified, `${what}: VerifiedIndicator`);
  const grades = extsByUrl(r, `${CTC_BASE}#Grade`);
  if (row.grade === null) c.eq(grades.length, 0, `${what}: no Grade`);
  else if (c.eq(grades.length, 1, `${what}: one Grade`)) c.eq(valueOf(grades[0], "valueInteger", c), row.grade, `${what}: Grade`);
  const versions = extsByUrl(r, CTC_BASE);
  if (c.eq(versions.length, 1, `${what}: one CTCAE version`)) c.eq(valueOf(versions[0], "valueDecimal", c), row.ctcae_version, `${what}: CTCAE version`);
  c.eq(r.actuality, "actual", `${what}: actuality`);
  if (c.ok(Array.isArray(r.event?.coding) && r.event.coding.length >= 1, `${what}: event.coding`)) {
    c.ok(isAbsoluteUrl(r.event.coding[0].system), `${what}: event system`);
    c.eq(r.event.coding[0].display, row.term, `${what}: event display`);
  }
  c.deep(r.subject, { reference: `Patient/${row.subject_id}`, display: row.subject_id }, `${what}: subject`);
  c.match(r.date, LOCAL_DATETIME, `${what}: date YYYY-MM-DDThh:mm:ss`);
  c.eq(r.date, row.start_at, `${what}: date`);
  if (typeof r.date === "string") c.eq(toUsDate(r.date), start, `${what}: StartDate is the date of date`);
  const outcome = r.outcome?.coding?.[0];
  c.oneOf(outcome?.system, AE_OUTCOME_SYSTEMS, `${what}: outcome system`);
  c.oneOf(outcome?.code, AE_OUTCOME_CODES, `${what}: outcome code`);
  c.eq(outcome?.code, row.outcome, `${what}: outcome code`);
  c.eq(typeof outcome?.display, "string", `${what}: outcome display`);
  const causality = r.suspectEntity?.[0]?.causality?.[0];
  const assessment = causality?.assessment?.coding?.[0];
  c.oneOf(assessment?.system, CAUSALITY_SYSTEMS, `${what}: causality system`);
  c.oneOf(assessment?.display, CAUSALITY_DISPLAYS, `${what}: causality display`);
  c.eq(assessment?.display, row.causality, `${what}: causality display`);
  c.eq(causality?.productRelatedness, s.agent, `${what}: productRelatedness`);
  c.deep(r.study, [{ reference: `Study/${s.study_number}` }], `${what}: only study[].reference`);
  expectSearchUrl(entry.fullUrl, "AdverseEvent", { researchstudy: s.study_number, _Id: key }, c);
}

// ---------------------------------------------------------------- DiagnosticReport

export function checkDiagnosticReport(entry: Entry, d: StudyData, c: Check): void {
  const r = entry.resource;
  const s = d.study;
  c.eq(r.resourceType, "DiagnosticReport", "resourceType");
  if (!c.ok(Array.isArray(r.identifier) && r.identifier.length === 1, "DR identifier[]")) return;
  c.eq(r.identifier[0].system, sd("AssessmentId"), "DR identifier system");
  const id = r.identifier[0].value as string;
  c.eq(typeof id, "string", "DR identifier value is a string");
  const what = `DiagnosticReport ${id}`;
  const row = d.visible.get(id);
  if (!c.ok(row, `${what} is a visible (signed, latest) assessment of ${s.study_number}`) || !row) return;
  // The exact extension sequence of the table: the two RevisionNumbers around RevisionDate.
  const names = [
    "IDB.Protocol", "SponsorId", "CaseId", "TrialName", "TrialArmName", "RevisionNumber", "RevisionDate", "RevisionNumber",
    "Name", "Timepoint", "CumulativeQuantityId", "CurrentValue", "Unit", "ChangeFromPrevious", "ChangeFromBaseline", "ChangeFromNadir",
  ];
  const urls = (r.extension ?? []).map((x) => x.url);
  // CurrentValue may be left out when the assessment has no value; everything else is fixed, in this order.
  const shown = row.current_value === null ? urls.filter((u) => u !== sd("CurrentValue")) : urls;
  const expected = row.current_value === null ? names.filter((n) => n !== "CurrentValue") : names;
  c.deep(shown, expected.map(sd), `${what}: extension URLs in order`);
  c.eq(extString(r, "IDB.Protocol", c), s.study_number, `${what}: IDB.Protocol`);
  c.eq(extString(r, "SponsorId", c), s.sponsor_study_number, `${what}: SponsorId`);
  c.eq(extInt(r, "CaseId", c), row.case_id, `${what}: CaseId`);
  c.eq(extString(r, "TrialName", c), s.trial_name, `${what}: TrialName`);
  c.eq(extString(r, "TrialArmName", c), "RECIST 1.1", `${what}: TrialArmName`);
  const revs = extsByUrl(r, sd("RevisionNumber"));
  if (c.eq(revs.length, 2, `${what}: two RevisionNumbers`)) {
    c.eq(valueOf(revs[0], "valueInteger", c), row.case_revision, `${what}: first RevisionNumber is the case revision`);
    c.eq(valueOf(revs[1], "valueInteger", c), row.assessment_revision, `${what}: second RevisionNumber is the assessment revision`);
  }
  const revDate = extValue(r, "RevisionDate", "valueDateTime", c);
  c.match(revDate, FHIR_DATETIME, `${what}: RevisionDate`);
  c.eq(revDate, row.revision_date, `${what}: RevisionDate`);
  const name = extString(r, "Name", c);
  c.match(name, ASSESSMENT_NAME, `${what}: Name`);
  c.eq(name, row.name, `${what}: Name`);
  const timepoint = extInt(r, "Timepoint", c);
  c.eq(timepoint, row.timepoint, `${what}: Timepoint`);
  c.eq(name === "Baseline", timepoint === 0, `${what}: Baseline has Timepoint 0`);
  c.eq(extString(r, "CumulativeQuantityId", c), "targetsum", `${what}: CumulativeQuantityId`);
  const cv = optExtValue(r, "CurrentValue", "valueDecimal", c);
  if (row.current_value !== null) c.eq(cv, row.current_value, `${what}: CurrentValue`);
  c.eq(extString(r, "Unit", c), "mm", `${what}: Unit`);
  expectChange(extString(r, "ChangeFromPrevious", c), row.change_previous, `${what} ChangeFromPrevious`, c);
  expectChange(extString(r, "ChangeFromBaseline", c), row.change_baseline, `${what} ChangeFromBaseline`, c);
  expectChange(extString(r, "ChangeFromNadir", c), row.change_nadir, `${what} ChangeFromNadir`, c);
  c.eq(r.status, "final", `${what}: status`);
  expectCategory(r, "RAD", "Radiology", what, c);
  expectSubject(r, row.subject_id, what, c);
  c.match(r.effectiveDateTime, LOCAL_DATETIME, `${what}: effectiveDateTime`);
  c.eq(r.effectiveDateTime, row.effective_at, `${what}: effectiveDateTime`);
  c.oneOf(r.conclusion, CONCLUSIONS, `${what}: conclusion`);
  c.eq(r.conclusion, row.conclusion, `${what}: conclusion`);
  // result[]: the lesions of exactly this (visible) assessment row.
  const result = (r.result ?? []) as { reference: string; display: string }[];
  const ref = new RegExp(`^Observation\\?researchstudy=${encodeURIComponent(s.study_number)}&category=imaging&id=([^&]+)$`);
  const served: string[] = [];
  for (const x of result) {
    const m = ref.exec(x.reference);
    if (!c.ok(m, `${what}: result reference ${x.reference} has the specified shape`) || !m) continue;
    const lesionId = decodeURIComponent(m[1]);
    c.eq(x.display, lesionId, `${what}: result display`);
    served.push(lesionId);
  }
  c.eq(new Set(served).size, served.length, `${what}: no repeated lesion`);
  c.deep([...served].sort(), [...(d.lesionsOf.get(row.row_id) ?? [])].sort(), `${what}: result[] = the lesions of the assessment`);
  expectSearchUrl(entry.fullUrl, "DiagnosticReport", { researchstudy: s.study_number, _Id: id }, c);
}

// ---------------------------------------------------------------- imaging Observation

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
  expectExtensionUrls(
    r,
    ["IDB.Protocol", "SponsorID", "Organ", "Category", "State", "SeriesNumber", "SeriesDescription", "InstanceNumber", "Modality", "Label",
      "ChangeFromPrevious", "ChangeFromBaseline", "ChangeFromNadir"].map(sd),
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
  for (const [n, v] of [["ChangeFromPrevious", row.change_previous], ["ChangeFromBaseline", row.change_baseline], ["ChangeFromNadir", row.change_nadir]] as const) {
    expectChange(extString(r, n, c), v, `${what} ${n}`, c);
  }
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
  c.eq(r.valueQuantity !== undefined || r.valueString !== undefined, row.value !== null || row.value_string !== null, `${what}: has a value`);
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
  expectSearchUrl(entry.fullUrl, "observation", { researchstudy: s.study_number, category: "laboratory", _Id: r.id! }, c);
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
  expectSearchUrl(entry.fullUrl, "observation", { researchstudy: s.study_number, category: "vital-signs", _Id: r.id! }, c);
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
    c.eq(r.identifier[0].value, `${row.record_id}-${row.source_table}`, `${what}: identifier <record_id>-<source_table>`);
  }
  c.eq(r.status, "unknown", `${what}: status`);
  c.deep(r.medicationCodeableConcept, { coding: [{ system: RXNORM, code: row.drug, display: row.drug }], text: row.drug }, `${what}: medicationCodeableConcept`);
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
  if (c.ok(typeof entry.fullUrl === "string" && entry.fullUrl.startsWith(`${API_PREFIX}/Group?`), `Group fullUrl ${entry.fullUrl}`)) {
    c.eq(new URL(entry.fullUrl).searchParams.get("researchstudy"), s.study_number, "Group fullUrl researchstudy");
  }
}

export const CHECKS: Record<string, (entry: Entry, d: StudyData, c: Check) => void> = {
  AdverseEvent: checkAdverseEvent,
  DiagnosticReport: checkDiagnosticReport,
  "observation imaging": checkImaging,
  "observation laboratory": checkLaboratory,
  "observation vital-signs": checkVital,
  MedicationStatement: checkMedication,
  Patient: checkPatient,
  Group: checkGroup,
};

export const checkEntry = (e: Endpoint, entry: Entry, d: StudyData, c: Check) => CHECKS[e.name](entry, d, c);

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
