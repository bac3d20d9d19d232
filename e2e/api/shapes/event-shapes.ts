/** Shape checks of AdverseEvent and DiagnosticReport (imaging Observations: ./imaging.ts). */
import {
  type Check,
  CTC_BASE,
  type Entry,
  expectChange,
  expectSearchUrl,
  extensionValue,
  extInt,
  extString,
  extsByUrl,
  extValue,
  FHIR_DATETIME,
  LOCAL_DATETIME,
  optExtValue,
  STRUCTURE_BASE,
  sd,
  toUsDate,
  US_DATE,
} from "../fixtures";
import {
  AE_OUTCOME_CODES,
  AE_OUTCOME_SYSTEMS,
  ASSESSMENT_NAME,
  CAUSALITY_DISPLAYS,
  CAUSALITY_SYSTEMS,
  CONCLUSIONS,
  expectCategory,
  expectExtensionUrls,
  expectSubject,
  isAbsoluteUrl,
  type StudyData,
} from "./study-data";

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
  c.eq(
    key,
    `${s.study_number}-${row.mrn}-${row.ae_no}-${row.seq_no}`,
    `${what}: identifier shape <protocol>-<mrn>-<adverse_event_no>-<sequence_no>`,
  );
  c.eq(r.id, row.subject_id, `${what}: id is the subject ID`);
  const start = checkAeExtensions(r, row, d, what, c);
  checkAeEvent(r, row, d, start, what, c);
  expectSearchUrl(entry.fullUrl, "AdverseEvent", { researchstudy: s.study_number, _Id: key }, c);
}

type Resource = Entry["resource"];
type Row = Record<string, never>;

/** The AE's extensions; returns its StartDate. */
function checkAeExtensions(r: Resource, row: Row, d: StudyData, what: string, c: Check): unknown {
  const s = d.study;
  expectExtensionUrls(
    r,
    ["SponsorID", "StartDate", "EndDate", "AdverseEventSequenceNumber", "VerifiedIndicator", "AEOngoing"]
      .map(sd)
      .concat([`${CTC_BASE}#Grade`, CTC_BASE]),
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
  else if (c.eq(grades.length, 1, `${what}: one Grade`))
    c.eq(extensionValue(grades[0], "valueInteger", c), row.grade, `${what}: Grade`);
  const versions = extsByUrl(r, CTC_BASE);
  if (c.eq(versions.length, 1, `${what}: one CTCAE version`))
    c.eq(extensionValue(versions[0], "valueDecimal", c), row.ctcae_version, `${what}: CTCAE version`);
  return start;
}

/** The AE's event, subject, date, outcome, causality and study. */
function checkAeEvent(r: Resource, row: Row, d: StudyData, start: unknown, what: string, c: Check): void {
  const s = d.study;
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
  checkDrExtensions(r, row, d, what, c);
  c.eq(r.status, "final", `${what}: status`);
  expectCategory(r, "RAD", "Radiology", what, c);
  expectSubject(r, row.subject_id, what, c);
  c.match(r.effectiveDateTime, LOCAL_DATETIME, `${what}: effectiveDateTime`);
  c.eq(r.effectiveDateTime, row.effective_at, `${what}: effectiveDateTime`);
  c.oneOf(r.conclusion, CONCLUSIONS, `${what}: conclusion`);
  c.eq(r.conclusion, row.conclusion, `${what}: conclusion`);
  checkDrResults(r, row, d, what, c);
  expectSearchUrl(entry.fullUrl, "DiagnosticReport", { researchstudy: s.study_number, _Id: id }, c);
}

type Assessment = NonNullable<ReturnType<StudyData["visible"]["get"]>>;

function checkDrExtensions(r: Resource, row: Assessment, d: StudyData, what: string, c: Check): void {
  const s = d.study;
  // The exact extension sequence of the table: the two RevisionNumbers around RevisionDate.
  const names = [
    "IDB.Protocol",
    "SponsorId",
    "CaseId",
    "TrialName",
    "TrialArmName",
    "RevisionNumber",
    "RevisionDate",
    "RevisionNumber",
    "Name",
    "Timepoint",
    "CumulativeQuantityId",
    "CurrentValue",
    "Unit",
    "ChangeFromPrevious",
    "ChangeFromBaseline",
    "ChangeFromNadir",
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
    c.eq(
      extensionValue(revs[0], "valueInteger", c),
      row.case_revision,
      `${what}: first RevisionNumber is the case revision`,
    );
    c.eq(
      extensionValue(revs[1], "valueInteger", c),
      row.assessment_revision,
      `${what}: second RevisionNumber is the assessment revision`,
    );
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
}

/** result[]: the lesions of exactly this (visible) assessment row. */
function checkDrResults(r: Resource, row: Assessment, d: StudyData, what: string, c: Check): void {
  const s = d.study;
  const result = (r.result ?? []) as { reference: string; display: string }[];
  const ref = new RegExp(
    `^Observation\\?researchstudy=${encodeURIComponent(s.study_number)}&category=imaging&id=([^&]+)$`,
  );
  const served: string[] = [];
  for (const x of result) {
    const m = ref.exec(x.reference);
    if (!c.ok(m, `${what}: result reference ${x.reference} has the specified shape`) || !m) continue;
    const lesionId = decodeURIComponent(m[1]);
    c.eq(x.display, lesionId, `${what}: result display`);
    served.push(lesionId);
  }
  c.eq(new Set(served).size, served.length, `${what}: no repeated lesion`);
  c.deep(
    [...served].sort(),
    [...(d.lesionsOf.get(row.row_id) ?? [])].sort(),
    `${what}: result[] = the lesions of the assessment`,
  );
}
