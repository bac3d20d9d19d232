/**
 * The views `npm run bench:load`'s virtual users browse, each with its weight: how often a user opens it among all
 * the pages it opens. The weights lean towards what clinical staff spend their day on (subject profiles, the
 * subject list in its sorts and filters, the safety listings); every section of the study is in the mix, a chart's
 * data table too. Subjects are drawn at random from the whole study, so the profiles' per-subject values are
 * computed and dropped as they would be for many users (sections/subject-profile/subject-memo.ts keeps 32).
 */

/** What a path is built from: the user's study address (its own connection) and a random subject. */
export interface MixContext {
  study: string;
  subject(): string;
}

export interface MixView {
  name: string;
  weight: number;
  path(c: MixContext): string;
}

const subjectPath = (c: MixContext) => encodeURIComponent(c.subject());
// 1,000 subjects at the default 25 a page: 40 pages.
const somePage = () => 1 + Math.floor(Math.random() * 40);

export const LOAD_MIX: MixView[] = [
  { name: "Overview", weight: 2, path: (c) => c.study },
  { name: "Subjects", weight: 3, path: (c) => `${c.study}/subjects` },
  { name: "Subjects, sorted by birth year", weight: 1, path: (c) => `${c.study}/subjects?sort=birthYear.desc` },
  {
    name: "Subjects, filtered and sorted",
    weight: 1,
    path: (c) => `${c.study}/subjects?f_sex=female&sort=adverseEvents.desc`,
  },
  { name: "Subjects, a later page", weight: 2, path: (c) => `${c.study}/subjects?page=${somePage()}` },
  { name: "Subject profile", weight: 6, path: (c) => `${c.study}/subjects/${subjectPath(c)}` },
  {
    name: "Subject profile, 24 visits, ×ULN",
    weight: 1,
    path: (c) => `${c.study}/subjects/${subjectPath(c)}?grid_visits=24&trend=LB0214&scale=uln`,
  },
  { name: "Adverse events", weight: 2, path: (c) => `${c.study}/adverse-events` },
  { name: "Adverse events by sex", weight: 1, path: (c) => `${c.study}/adverse-events?by=sex` },
  { name: "Laboratory", weight: 2, path: (c) => `${c.study}/laboratory` },
  { name: "Laboratory, one test", weight: 1, path: (c) => `${c.study}/laboratory?test=LB0214` },
  { name: "Liver safety (eDISH)", weight: 1, path: (c) => `${c.study}/laboratory/liver` },
  { name: "Vital signs", weight: 2, path: (c) => `${c.study}/vital-signs` },
  { name: "Medications", weight: 2, path: (c) => `${c.study}/medications` },
  { name: "Tumour response: summary", weight: 1, path: (c) => `${c.study}/tumour-response` },
  {
    name: "Tumour response: subject page",
    weight: 2,
    path: (c) => `${c.study}/tumour-response/subjects/${subjectPath(c)}`,
  },
  { name: "Tumour response: waterfall", weight: 1, path: (c) => `${c.study}/tumour-response/waterfall` },
  {
    name: "Waterfall with its data table open",
    weight: 1,
    path: (c) => `${c.study}/tumour-response/waterfall?waterfall_table=1`,
  },
  { name: "Tumour response: spider plot", weight: 1, path: (c) => `${c.study}/tumour-response/spider` },
  { name: "Tumour response: swimmer plot", weight: 1, path: (c) => `${c.study}/tumour-response/swimmer?sort=bor` },
  { name: "Data checks", weight: 2, path: (c) => `${c.study}/data-checks` },
];

/** A view drawn by weight; `random` is in [0, 1). */
export function pickView(mix: readonly MixView[], random = Math.random()): number {
  const total = mix.reduce((sum, v) => sum + v.weight, 0);
  let left = random * total;
  for (let i = 0; i < mix.length; i++) {
    left -= mix[i].weight;
    if (left < 0) return i;
  }
  return mix.length - 1;
}
