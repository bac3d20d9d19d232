/**
 * A study narrowed by the study filter: which subjects each filter keeps, and each record type's rows of them only.
 * The study is written out by hand; every expected subject is worked out from it here.
 */
import { describe, expect, it } from "vitest";
import { loadStudyExposure } from "@/lib/study/study-exposure";
import type { StudyData } from "@/lib/study/study-rows";
import { filteredStudy, populationOf, wholeStudyAgeYear } from "./filtered-study";
import { parseStudyFilter } from "./study-filter";

const patient = (subjectId: string, number: string | null, sex: string | null, birthYear: number | null) => ({
  subjectId,
  subjectStudyNumber: number,
  sex,
  birthYear,
  race: "White",
  ethnicity: null,
  sponsorStudyNumber: null,
});
const event = (key: string, subjectId: string | null, start: string) => ({ key, subjectId, start, end: null });

/** S9 is a member without a Patient; P4 a Patient outside the Group. */
const ROWS: Record<string, unknown[]> = {
  Group: [{ members: ["S1", "S2", "S3", "S9"], unreadable: 0 }],
  Patient: [
    patient("P1", "S1", "Female", 1950),
    patient("P2", "S2", "Male", 1970),
    patient("P3", "S3", "Female", 1980),
    patient("P4", "S4", "Female", 1940),
  ],
  // The members' first event is in 2023: P1 is 73 (65-74), P2 53 and P3 43 (under 65).
  AdverseEvent: [event("E1", "P1", "2023-03-01"), event("E2", "P2", "2024-01-01"), event("E4", "P4", "2020-01-01")],
  laboratory: [{ subjectId: "P1" }, { subjectId: "P2" }, { subjectId: "P3" }, { subjectId: null }],
  MedicationStatement: [],
};

function studyOf(rows = ROWS): StudyData {
  const hits = new Map(
    Object.entries(rows).map(([type, rows]) => [
      type,
      { value: { rows, received: rows.length, rejected: { count: 0, reasons: [] } }, loadedAt: 1 },
    ]),
  );
  return { rows: (async (type: string) => hits.get(type)) as unknown as StudyData["rows"] };
}

const filterOf = (query: string) => parseStudyFilter(new URLSearchParams(query));
const kept = async (query: string) => [...(await populationOf(studyOf(), filterOf(query))).ids].sort();

describe("the subjects the study filter keeps", () => {
  it("keeps the Group's members of a subgroup, never a Patient outside the Group", async () => {
    expect(await kept("only_sex=Female")).toEqual(["P1", "P3"]);
    expect(await kept("only_age=65-74")).toEqual(["P1"]);
    expect(await kept("only_age=Under+65")).toEqual(["P2", "P3"]);
  });

  it("keeps the named subjects, Group or not, and names the IDs the study does not have", async () => {
    const population = await populationOf(studyOf(), filterOf("only_subjects=P2,P4,X-1"));
    expect([...population.ids].sort()).toEqual(["P2", "P4"]);
    expect(population.unknown).toEqual(["X-1"]);
    expect(population.of).toBe(4);
  });

  it("keeps the subjects that have every chosen part", async () => {
    expect(await kept("only_subjects=P1,P2&only_sex=Male")).toEqual(["P2"]);
    expect(await kept("only_sex=Male&only_age=65-74")).toEqual([]);
  });
});

describe("a study narrowed by the filter", () => {
  it("gives each record type's rows of the kept subjects only, and the Group their members", async () => {
    const study = filteredStudy(studyOf(), filterOf("only_sex=Female"));
    const labs = await study.rows("laboratory");
    expect(labs.value.rows.map((r) => r.subjectId)).toEqual(["P1", "P3"]);
    // N follows the filter: the members S1 and S3 (S9, without a Patient, is no kept subject).
    expect((await study.rows("Group")).value.rows[0].members).toEqual(["S1", "S3"]);
    expect((await study.rows("Patient")).value.rows.map((p) => p.subjectId)).toEqual(["P1", "P3"]);
    // The same rows object for the same filter: the views derived from it are computed once.
    expect((await study.rows("laboratory")).value).toBe(labs.value);
  });

  it("keeps the whole study's year of the age groups", async () => {
    // P2's own first event is in 2024; the members' first is P1's, in 2023.
    expect(await wholeStudyAgeYear(filteredStudy(studyOf(), filterOf("only_subjects=P2")))).toBe(2023);
    expect(await wholeStudyAgeYear(studyOf())).toBeUndefined();
  });

  it("is the study itself when the filter chooses nothing", () => {
    const study = studyOf();
    expect(filteredStudy(study, filterOf("only_sex=%3Cscript%3E"))).toBe(study);
  });

  it("reads the study drug's products from the whole study", async () => {
    // P3 has no adverse event: the product is named by P1's alone.
    const named = { ...ROWS, AdverseEvent: [{ ...event("E1", "P1", "2023-03-01"), suspectProduct: "Zalvotinib" }] };
    const study = filteredStudy(studyOf(named), filterOf("only_subjects=P3"));
    const exposure = await loadStudyExposure(study);
    expect(exposure.products).toEqual(["zalvotinib"]);
    expect(exposure.sources[0].value.rows).toEqual([]);
  });
});
