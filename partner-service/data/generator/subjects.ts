/** Enrolment and demographics: who the subjects are and when they start. */
import { yearOf } from "./dates";
import type { Site, StudyCtx, SubjectCtx } from "./generator-types";
import { type Rng, stream } from "./prng";
import type { Registry } from "./unique-ids";

// CDC Race & Ethnicity codes, weighted like a US-led oncology trial.
const RACES: readonly (readonly [string, number])[] = [
  ["2106-3", 72],
  ["2054-5", 12],
  ["2028-9", 9],
  ["1002-5", 1],
  ["2076-8", 0.5],
  ["2131-1", 3],
];

function gender(rng: Rng, study: StudyCtx): SubjectCtx["gender"] {
  const male = study.tumour === "lung" ? 0.56 : study.oncology ? 0.52 : 0.58;
  const roll = rng.float();
  if (roll < 0.005) return "other";
  if (roll < 0.02) return "unknown";
  return roll < 0.02 + male * 0.98 ? "male" : "female";
}

function race(rng: Rng, site: Site): string {
  return rng.chance(site.raceUnknownRate) ? "UNK" : rng.weighted(RACES);
}

function ethnicity(rng: Rng, site: Site): string {
  if (rng.chance(site.ethnicityUnknownRate)) return "UNK";
  return rng.chance(site.hispanicRate) ? "2135-2" : "2186-5";
}

const round1 = (x: number) => Math.round(x * 10) / 10;
const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

function body(rng: Rng, sex: SubjectCtx["gender"], oncology: boolean): { heightCm: number; weightKg: number } {
  const [mean, sd] = sex === "male" ? [175.5, 7] : sex === "female" ? [162.5, 6.5] : [169, 8];
  const heightCm = round1(clamp(rng.normal(mean, sd), 145, 203));
  const bmi = clamp(rng.normal(oncology ? 25.5 : 29, 4.5), 17.5, 44);
  return { heightCm, weightKg: round1((bmi * heightCm * heightCm) / 10000) };
}

interface Enrolment {
  seq: number;
  site: Site;
  number: number;
  screeningDay: number;
}

function makeSubject(study: StudyCtx, e: Enrolment, registry: Registry): SubjectCtx {
  const rng = stream(study.seed, study.plan.studyNumber, e.seq, "demographics");
  const sex = gender(rng, study);
  const age = Math.round(clamp(rng.normal(study.oncology ? 63 : 67, 10), 30, 85));
  const toC1d1 = rng.int(7, 24);
  return {
    seq: e.seq,
    subjectId: `${e.site.number}-${String(e.number).padStart(4, "0")}`,
    subjectStudyId: registry.subjectStudyId(rng, study.plan.studyNumber),
    mrn: registry.mrn(rng),
    gender: sex,
    birthYear: yearOf(e.screeningDay) - age,
    age,
    race: race(rng, e.site),
    ethnicity: ethnicity(rng, e.site),
    site: e.site,
    screeningDay: e.screeningDay,
    baselineScanDay: e.screeningDay + rng.int(0, toC1d1 - 3),
    c1d1Day: e.screeningDay + toC1d1,
    ...body(rng, sex, study.oncology),
  };
}

/**
 * All subjects of a study in enrolment order, which is their `seq` order.
 * Subject numbers count up per site, so seq order and ID order differ.
 */
export function enrolSubjects(study: StudyCtx, registry: Registry): SubjectCtx[] {
  const rng = stream(study.seed, study.plan.studyNumber, "enrolment");
  const n = study.plan.subjects;
  const window = Math.round(Math.min(540, 30 + n * 2.5));
  const offsets: number[] = [];
  for (let i = 0; i < n; i++) offsets.push(rng.int(0, window));
  offsets.sort((x, y) => x - y);
  const perSite = new Map<string, number>();
  const siteWeights = study.sites.map((s) => [s, s.weight] as const);
  return offsets.map((offset, i) => {
    const site = rng.weighted(siteWeights);
    const number = (perSite.get(site.number) ?? 0) + 1;
    perSite.set(site.number, number);
    return makeSubject(study, { seq: i + 1, site, number, screeningDay: study.startDay + offset }, registry);
  });
}
