import { describe, expect, it } from "vitest";
import type { AdverseEventResource, DiagnosticReportResource } from "@/partner-api/resources";
import { adverseEventRow } from "../adverse-events/rows";
import { assessmentRecord, countBySubject, type SubjectRecord } from "./counts";
import type { SubjectDemographics } from "./demographics";
import {
  buildSubjectList,
  NOTE_DUPLICATE,
  NOTE_NO_PATIENT,
  NOTE_NOT_IN_GROUP,
  type SubjectListInput,
  type SubjectListRow,
} from "./subject-list";

const SB = "https://sb.test/StructureDefinition";

describe("adverseEventRow: the record key and subject", () => {
  const ae = (over: Partial<AdverseEventResource>): AdverseEventResource => ({
    resourceType: "AdverseEvent",
    id: "SUBJ-1",
    identifier: { system: `${SB}/`, value: "ONC-101-MRN1-1-1" },
    subject: { reference: "Patient/SUBJ-1", display: "SUBJ-1" },
    ...over,
  });
  const cases: [string, AdverseEventResource, SubjectRecord][] = [
    ["key is identifier.value, never id", ae({}), { key: "ONC-101-MRN1-1-1", subjectId: "SUBJ-1" }],
    [
      "identifier as an array",
      ae({ identifier: [{ value: "K-2" }, { value: "K-3" }] }),
      { key: "K-2", subjectId: "SUBJ-1" },
    ],
    [
      "absolute subject reference",
      ae({ subject: { reference: "https://h/fhir/Patient/SUBJ-9" } }),
      { key: "ONC-101-MRN1-1-1", subjectId: "SUBJ-9" },
    ],
    [
      "a subject that is no Patient",
      ae({ subject: { reference: "Group/G" } }),
      { key: "ONC-101-MRN1-1-1", subjectId: null },
    ],
  ];
  it.each(cases)("%s", (_name, input, expected) => expect(adverseEventRow(input)).toMatchObject(expected));
});

describe("assessmentRecord", () => {
  const dr = (identifier: DiagnosticReportResource["identifier"]): DiagnosticReportResource => ({
    resourceType: "DiagnosticReport",
    identifier,
    subject: { reference: "Patient/SUBJ-2" },
  });
  const cases: [string, DiagnosticReportResource, SubjectRecord][] = [
    [
      "the #AssessmentId identifier",
      dr([
        { system: "urn:x", value: "other" },
        { system: `${SB}#AssessmentId`, value: "A-1" },
      ]),
      { key: "A-1", subjectId: "SUBJ-2" },
    ],
    [
      "the first identifier when none is named AssessmentId",
      dr([{ value: "A-2" }]),
      { key: "A-2", subjectId: "SUBJ-2" },
    ],
  ];
  it.each(cases)("%s", (_name, input, expected) => expect(assessmentRecord(input)).toEqual(expected));
});

describe("countBySubject", () => {
  it("counts distinct keys per subject", () => {
    const counts = countBySubject([
      { key: "a", subjectId: "S1" },
      { key: "b", subjectId: "S1" },
      { key: "a", subjectId: "S1" },
      { key: "c", subjectId: null },
    ]);
    expect([...counts]).toEqual([
      ["S1", 2],
      [null, 1],
    ]);
  });
});

const demo = (subjectId: string, subjectStudyNumber: string | null, sex = "Female"): SubjectDemographics => ({
  subjectId,
  subjectStudyNumber,
  sex,
  birthYear: 1960,
  race: "White",
  ethnicity: "Not Hispanic or Latino",
  sponsorStudyNumber: "SP-1",
});
const blank = { sex: null, birthYear: null, race: null, ethnicity: null, sponsorStudyNumber: null };
const rec = (key: string, subjectId: string | null): SubjectRecord => ({ key, subjectId });

describe("buildSubjectList", () => {
  const cases: [string, SubjectListInput, SubjectListRow[], { adverseEvents: number; assessments: number }][] = [
    [
      "members join Patients through the subject study number, not Patient.id, in the Group's order",
      {
        members: ["N-2", "N-1"],
        // Patient.id values deliberately look like the other subject's number.
        patients: [demo("N-2", "N-1"), demo("N-1", "N-2", "Male")],
        adverseEvents: [rec("ae1", "N-2"), rec("ae2", "N-2"), rec("ae3", "N-1")],
        assessments: [rec("a1", "N-1")],
      },
      [
        { ...demo("N-1", "N-2", "Male"), adverseEvents: 1, assessments: 1, note: null },
        { ...demo("N-2", "N-1"), adverseEvents: 2, assessments: 0, note: null },
      ],
      { adverseEvents: 0, assessments: 0 },
    ],
    [
      "a member without a Patient stays, with blanks and a note",
      { members: ["N-1", "N-9"], patients: [demo("S1", "N-1")], adverseEvents: [], assessments: [] },
      [
        { ...demo("S1", "N-1"), adverseEvents: 0, assessments: 0, note: null },
        { subjectId: "", subjectStudyNumber: "N-9", ...blank, adverseEvents: 0, assessments: 0, note: NOTE_NO_PATIENT },
      ],
      { adverseEvents: 0, assessments: 0 },
    ],
    [
      "a Patient outside the Group, a duplicate number, and records of unknown subjects are all shown",
      {
        members: ["N-1", "N-1"],
        patients: [demo("S1", "N-1"), demo("S2", "N-1"), demo("S3", null)],
        adverseEvents: [rec("ae1", "S3"), rec("ae2", "GONE"), rec("ae3", null)],
        assessments: [rec("a1", "GONE")],
      },
      [
        { ...demo("S1", "N-1"), adverseEvents: 0, assessments: 0, note: null },
        { ...demo("S2", "N-1"), adverseEvents: 0, assessments: 0, note: NOTE_DUPLICATE },
        { ...demo("S3", null), adverseEvents: 1, assessments: 0, note: NOTE_NOT_IN_GROUP },
      ],
      { adverseEvents: 2, assessments: 1 },
    ],
    [
      "an empty study",
      { members: [], patients: [], adverseEvents: [], assessments: [] },
      [],
      { adverseEvents: 0, assessments: 0 },
    ],
  ];
  it.each(cases)("%s", (_name, input, rows, unmatched) => {
    expect(buildSubjectList(input)).toEqual({ rows, unmatched });
  });
});
