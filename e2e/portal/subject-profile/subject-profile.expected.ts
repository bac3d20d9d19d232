/**
 * What a subject's profile must show, built here from the partner API's own
 * records (over HTTP, with the published demo credentials) with code written
 * for the test: the study day rule (day 1 = first dose of the study drug, the
 * day before is -1, no day 0) and the labels are restated, not imported.
 */
import type { APIRequestContext } from "@playwright/test";
import { CDC_LABEL as LABEL, northstarToken, type Res, SEX_LABEL as SEX, searchAll } from "../../support/partner-api";

export interface ExpectedAe {
  key: string;
  term: string;
  grade: string;
  start: string;
  /** The End cell: the end date, else "ongoing" for an event marked ongoing, else blank. */
  end: string;
  startDay: number;
  /** The recorded end's study day; "" when the event has no end date. */
  endDay: number | "";
}

export interface ExpectedSubject {
  id: string;
  header: Record<string, string>;
  /** The summary's age, site and first dose (docs/clinical-rules.md, The subject's summary), restated here. */
  summary: Record<string, string>;
  birthYear: number;
  /** The first dose of the study drug: study day 1 by the profile's default; null without a dated study-drug record. */
  firstDose: string | null;
  adverseEvents: ExpectedAe[];
}

const ext = (r: Res, name: string) => r.extension?.find((e) => e.url.endsWith(`#${name}`));
const subjectOf = (r: Res) => (r.subject as { reference: string }).reference.replace(/^Patient\//, "");
const usToIso = (us: string) => {
  const [m, d, y] = us.split("/");
  return `${y}-${m.padStart(2, "0")}-${d.padStart(2, "0")}`;
};
const dayNumber = (date: string) => Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10)) / 86_400_000;
export const studyDay = (date: string, dayOne: string) => {
  const n = dayNumber(date) - dayNumber(dayOne);
  return n >= 0 ? n + 1 : n;
};

/** The study's subjects in the Group's order, with their header, and their adverse events in study days. */
export async function expectedSubjects(request: APIRequestContext, study: string): Promise<ExpectedSubject[]> {
  const token = await northstarToken(request);
  const q = `researchstudy=${study}&_count=1000`;
  const [groups, patients, aes, meds] = await Promise.all(
    ["Group", "Patient", "AdverseEvent", "MedicationStatement"].map((k) => searchAll(request, token, `${k}?${q}`)),
  );
  const studyNumber = (p: Res) =>
    (p.identifier as { system: string; value: string }[]).find((i) => i.system.endsWith("#SubjectStudyId"))!.value;
  // The investigational agent is the product the adverse events hold suspect; its doses are the study drug's.
  const agents = new Set(
    aes.map(
      (a) => (a.suspectEntity as { causality: { productRelatedness: string }[] }[])[0].causality[0].productRelatedness,
    ),
  );
  const firstDose = (subject: string) =>
    meds
      .filter((m) => subjectOf(m) === subject)
      .filter((m) => [...agents].some((a) => (m.medicationCodeableConcept as { text: string }).text.includes(a)))
      .map((m) => (m.effectivePeriod as { start: string }).start.slice(0, 10))
      .sort()[0];
  const members = (groups[0].member as { entity: { reference: string } }[]).map((m) =>
    m.entity.reference.replace(/^Patient\//, ""),
  );
  return members.map((number) => {
    const p = patients.find((x) => studyNumber(x) === number)!;
    const dayOne = firstDose(p.id!);
    return {
      id: p.id!,
      birthYear: Number(p.birthDate),
      firstDose: dayOne ?? null,
      header: {
        subjectId: p.id!,
        subjectStudyNumber: number,
        sex: SEX[p.gender as string],
        birthYear: String(p.birthDate),
        race: LABEL[ext(p, "Race")!.valueString!],
        ethnicity: LABEL[ext(p, "Ethnicity")!.valueString!],
      },
      summary: summaryOf(p.id!, Number(p.birthDate), dayOne),
      adverseEvents: aes
        .filter((a) => subjectOf(a) === p.id)
        .map((a) => {
          const start = (a.date as string).slice(0, 10);
          const endText = ext(a, "EndDate")?.valueString;
          const end = endText ? usToIso(endText) : "";
          return {
            key: (a.identifier as { value: string }).value,
            term: (a.event as { coding: { display: string }[] }).coding[0].display,
            grade: String(ext(a, "Grade")?.valueInteger ?? ""),
            start,
            end: end || (ext(a, "AEOngoing")?.valueInteger === 1 ? "ongoing" : ""),
            startDay: studyDay(start, dayOne),
            endDay: end ? studyDay(end, dayOne) : "",
          };
        }),
    };
  });
}

/** Age = year of the first dose - birth year; the site is the first part of an ID numbered <site>-<number>. */
function summaryOf(id: string, birthYear: number, firstDose: string | undefined): Record<string, string> {
  const year = firstDose ? Number(firstDose.slice(0, 4)) : null;
  const site = /^(\d{3})-\d{4}$/.exec(id)?.[1];
  return {
    age:
      year === null
        ? "Not known: no dated study-drug record"
        : `About ${year - birthYear} (year of the first dose ${year} − birth year ${birthYear}; may be one over)`,
    site: site ?? "Not told: the subject ID is not numbered <site>-<number>",
    firstDose: firstDose ?? "No dated study-drug record",
  };
}
