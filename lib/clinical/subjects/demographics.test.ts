import { describe, expect, it } from "vitest";
import type { GroupResource, PatientResource } from "@/partner-api/resources";
import { extensionText, referenceId } from "../common/fhir";
import { cdcLabel, sexLabel } from "./cdc";
import { birthYearOf, groupMembers, patientDemographics, type SubjectDemographics } from "./demographics";

const SB = "https://sb.test/StructureDefinition";

function patient(over: Partial<PatientResource> & { race?: string; ethnicity?: string } = {}): PatientResource {
  const { race = "2106-3", ethnicity = "2186-5", ...rest } = over;
  return {
    resourceType: "Patient",
    id: "SUBJ-001",
    extension: [
      { url: `${SB}#IDB.Protocol`, valueString: "ONC-101" },
      { url: `${SB}#Race`, valueString: race },
      { url: `${SB}#Ethnicity`, valueString: ethnicity },
      { url: `${SB}#SponsorID`, valueString: "SP-1" },
    ],
    identifier: [{ system: `${SB}#SubjectStudyId`, value: "ONC-101-0001" }],
    gender: "female",
    birthDate: "1961",
    ...rest,
  };
}

describe("patientDemographics", () => {
  const cases: [string, PatientResource, SubjectDemographics][] = [
    [
      "every field as the service sends it",
      patient(),
      {
        subjectId: "SUBJ-001",
        subjectStudyNumber: "ONC-101-0001",
        sex: "Female",
        birthYear: 1961,
        race: "White",
        ethnicity: "Not Hispanic or Latino",
        sponsorStudyNumber: "SP-1",
      },
    ],
    [
      "Black, Hispanic, male, full birth date",
      patient({ race: "2054-5", ethnicity: "2135-2", gender: "male", birthDate: "1958-03-02" }),
      {
        subjectId: "SUBJ-001",
        subjectStudyNumber: "ONC-101-0001",
        sex: "Male",
        birthYear: 1958,
        race: "Black or African American",
        ethnicity: "Hispanic or Latino",
        sponsorStudyNumber: "SP-1",
      },
    ],
    [
      "UNK and unknown codes read Unknown; an unknown code is shown as itself",
      patient({ race: "UNK", ethnicity: "unknown", gender: "unknown" }),
      {
        subjectId: "SUBJ-001",
        subjectStudyNumber: "ONC-101-0001",
        sex: "Unknown",
        birthYear: 1961,
        race: "Unknown",
        ethnicity: "Unknown",
        sponsorStudyNumber: "SP-1",
      },
    ],
    [
      "a code outside the CDC set is shown, not hidden",
      patient({ race: "9999-9", gender: "other" }),
      {
        subjectId: "SUBJ-001",
        subjectStudyNumber: "ONC-101-0001",
        sex: "Other",
        birthYear: 1961,
        race: "9999-9",
        ethnicity: "Not Hispanic or Latino",
        sponsorStudyNumber: "SP-1",
      },
    ],
    [
      "no extensions, no identifier, no gender, no birth date: blanks",
      { resourceType: "Patient", id: "SUBJ-002" },
      {
        subjectId: "SUBJ-002",
        subjectStudyNumber: null,
        sex: null,
        birthYear: null,
        race: null,
        ethnicity: null,
        sponsorStudyNumber: null,
      },
    ],
    [
      "another structure base, other case, valueCode, unknown extensions and identifiers around",
      {
        resourceType: "Patient",
        id: "SUBJ-003",
        extension: [
          { url: "https://other.example/sd#Unrelated", valueString: "x" },
          { url: "https://other.example/sd#RACE", valueCode: "2028-9" },
          { url: "https://other.example/sd#ethnicity", valueCode: "2186-5" },
          { url: "https://other.example/sd#sponsorid", valueCode: "SP-1" },
        ],
        identifier: [
          { system: "urn:mrn", value: "MRN1" },
          { system: "https://other.example/sd#subjectstudyid", value: "X-0003" },
        ],
        gender: "FEMALE",
        birthDate: "unknown",
      },
      {
        subjectId: "SUBJ-003",
        subjectStudyNumber: "X-0003",
        sex: "Female",
        birthYear: null,
        race: "Asian",
        ethnicity: "Not Hispanic or Latino",
        sponsorStudyNumber: "SP-1",
      },
    ],
  ];
  it.each(cases)("%s", (_name, input, expected) => {
    expect(patientDemographics(input)).toEqual(expected);
  });

  it("interns the repeated labels", () => {
    const seen: string[] = [];
    patientDemographics(patient(), (s) => {
      seen.push(s);
      return s;
    });
    expect(seen).toEqual(["Female", "White", "Not Hispanic or Latino", "SP-1"]);
  });
});

describe("cdcLabel and sexLabel", () => {
  const race: [string | undefined, string | undefined][] = [
    ["2106-3", "White"],
    ["2054-5", "Black or African American"],
    ["2028-9", "Asian"],
    ["1002-5", "American Indian or Alaska Native"],
    ["2076-8", "Native Hawaiian or Other Pacific Islander"],
    ["2131-1", "Other Race"],
    ["2135-2", "Hispanic or Latino"],
    ["2186-5", "Not Hispanic or Latino"],
    [" 2106-3 ", "White"],
    ["UNK", "Unknown"],
    ["Unknown", "Unknown"],
    ["1234-5", "1234-5"],
    // Names of Object.prototype's properties are codes like any other: shown as sent, never an inherited function.
    ["constructor", "constructor"],
    ["toString", "toString"],
    ["__proto__", "__proto__"],
    ["hasOwnProperty", "hasOwnProperty"],
    ["", undefined],
    [undefined, undefined],
  ];
  it.each(race)("cdcLabel(%j) = %j", (code, label) => expect(cdcLabel(code)).toBe(label));
  const sex: [string | undefined, string | undefined][] = [
    ["male", "Male"],
    ["female", "Female"],
    ["other", "Other"],
    ["unknown", "Unknown"],
    ["M", "M"],
    ["constructor", "constructor"],
    ["__proto__", "__proto__"],
    [undefined, undefined],
  ];
  it.each(sex)("sexLabel(%j) = %j", (gender, label) => expect(sexLabel(gender)).toBe(label));
});

describe("birthYearOf", () => {
  const cases: [string | undefined, number | null][] = [
    ["1961", 1961],
    ["1961-07", 1961],
    ["1961-07-04", 1961],
    ["0999", 999],
    ["61", null],
    ["19610", null],
    ["", null],
    [undefined, null],
  ];
  it.each(cases)("%j -> %j", (input, year) => expect(birthYearOf(input)).toBe(year));
});

describe("extensionText", () => {
  const ext = [
    { url: `${SB}#SponsorId`, valueString: "SP-9" },
    { url: `${SB}#Timepoint`, valueInteger: 0 },
    { url: `${SB}#Empty`, valueString: "  " },
    { url: "no-fragment", valueString: "x" },
  ];
  const cases: [string, string | undefined][] = [
    ["SponsorID", "SP-9"],
    ["sponsorid", "SP-9"],
    ["Timepoint", "0"],
    ["Empty", undefined],
    ["Missing", undefined],
  ];
  it.each(cases)("%s -> %j", (name, value) => expect(extensionText(ext, name)).toBe(value));
});

describe("referenceId", () => {
  const cases: [string | undefined, string | undefined][] = [
    ["Patient/SUBJ-1", "SUBJ-1"],
    ["https://host/fhir/Patient/SUBJ-1", "SUBJ-1"],
    ["Patient/SUBJ-1/_history/2", "SUBJ-1"],
    ["Patient/A%20B", "A B"],
    ["Patient/100%", "100%"],
    ["Group/G1", undefined],
    ["NotAPatient/X", undefined],
    ["", undefined],
    [undefined, undefined],
  ];
  it.each(cases)("%j -> %j", (ref, id) => expect(referenceId(ref, "Patient")).toBe(id));

  it("answers the same the second time, and per type, once references are remembered", () => {
    for (let round = 0; round < 2; round++) {
      expect(referenceId("Patient/SUBJ-9", "Patient")).toBe("SUBJ-9");
      expect(referenceId("Patient/SUBJ-9", "Group")).toBeUndefined();
      expect(referenceId("Group/G9", "Group")).toBe("G9");
      expect(referenceId("Group/G9", "Patient")).toBeUndefined();
    }
  });

  it("stays right after more references than it remembers", () => {
    for (let i = 0; i < 100_005; i++) expect(referenceId(`Patient/S-${i}`, "Patient")).toBe(`S-${i}`);
    expect(referenceId("Patient/S-0", "Patient")).toBe("S-0");
  });
});

describe("groupMembers", () => {
  const group = (refs: string[]): GroupResource => ({
    resourceType: "Group",
    member: refs.map((reference) => ({ entity: { reference } })),
  });
  const cases: [string, GroupResource, { members: string[]; unreadable: number }][] = [
    [
      "members in order",
      group(["Patient/ONC-101-0002", "Patient/ONC-101-0001"]),
      { members: ["ONC-101-0002", "ONC-101-0001"], unreadable: 0 },
    ],
    [
      "a reference to something else is counted, not dropped silently",
      group(["Patient/A", "Device/D"]),
      { members: ["A"], unreadable: 1 },
    ],
    ["no members", { resourceType: "Group" }, { members: [], unreadable: 0 }],
  ];
  it.each(cases)("%s", (_name, input, expected) => expect(groupMembers(input)).toEqual(expected));
});
