/**
 * What `npm run bench:load`'s virtual users do, each with its weight: how often a user does it among all it does.
 * Most of it is opening views; the weights lean towards what clinical staff spend their day on (subject profiles,
 * the subject list in its sorts and filters, the safety listings); every section of the study is in the mix, a
 * chart's data table too. Subjects are drawn at random from the whole study, so the profiles' per-subject values are
 * computed and dropped as they would be for many users (sections/subject-profile/subject-memo.ts keeps 32).
 * The rest are the review workflow's writes (docs/review.md, Marking and Comments): a record marked reviewed, a mark
 * taken away, a comment, each a POST of one record, as a row's button sends it.
 */
import type { ReviewRecords } from "./review-records";

/**
 * What a request is built from: the user's study address (its own connection) and a random subject; for a review
 * action, the connection and study as the routes' bodies name them, and the records to mark.
 */
export interface MixContext {
  study: string;
  subject(): string;
  connectionId: string;
  studyNumber: string;
  records: ReviewRecords;
  /** Adverse events this user marked lately (the latest last): what it may unmark. */
  marked: string[];
}

export interface MixView {
  name: string;
  weight: number;
  path(c: MixContext): string;
}

/** A POST from the portal's pages: its route and JSON body. */
export interface MixAction {
  name: string;
  weight: number;
  post(c: MixContext): { path: string; body: Record<string, unknown> };
}

export type MixEntry = MixView | MixAction;

export const isAction = (e: MixEntry): e is MixAction => "post" in e;

/** The connection ID and study number of a study address, `/studies/<connection ID>/<study number>` encoded. */
export function studyTarget(studyHref: string): { connectionId: string; studyNumber: string } {
  const [connectionId, studyNumber] = studyHref.split("/").slice(2, 4).map(decodeURIComponent);
  return { connectionId, studyNumber };
}

const subjectPath = (c: MixContext) => encodeURIComponent(c.subject());
// 1,000 subjects at the default 25 a page: 40 pages.
const somePage = () => 1 + Math.floor(Math.random() * 40);

const pick = (keys: readonly string[]) => keys[Math.floor(Math.random() * keys.length)];

/** The marks a user remembers to take away: enough for an occasional unmark. */
const REMEMBERED_MARKS = 20;

const target = (c: MixContext) => ({ connectionId: c.connectionId, study: c.studyNumber });

function markAdverseEvent(c: MixContext) {
  const key = pick(c.records.adverseEvents);
  c.marked.push(key);
  if (c.marked.length > REMEMBERED_MARKS) c.marked.shift();
  return { path: "/review", body: { ...target(c), act: "mark", recordType: "AdverseEvent", keys: [key] } };
}

// The user's latest mark, as one would take back a mark just made; any event when it has none left.
const unmarkAdverseEvent = (c: MixContext) => ({
  path: "/review",
  body: {
    ...target(c),
    act: "unmark",
    recordType: "AdverseEvent",
    keys: [c.marked.pop() ?? pick(c.records.adverseEvents)],
  },
});

const markLabResult = (c: MixContext) => ({
  path: "/review",
  body: { ...target(c), act: "mark", recordType: "laboratory", keys: [pick(c.records.labResults)] },
});

const COMMENTS = [
  "Onset date checked against the visit: consistent.",
  "Please confirm the grade with the site.",
  "Causality discussed with the medical monitor.",
  "Query raised: the end date precedes the start date?",
];

const commentOnAdverseEvent = (c: MixContext) => ({
  path: "/review/comments",
  body: {
    ...target(c),
    recordType: "AdverseEvent",
    key: pick(c.records.adverseEvents),
    act: "comment",
    body: pick(COMMENTS),
  },
});

/**
 * The review actions weigh 5 against the views' 36: about one request in eight is a POST. At the default think
 * time (3 s mean, some 20 requests a minute) a user sends about 2 marks and 0.5 comments a minute, far below the
 * routes' limits (120 marks and 30 comments a user a minute); a closed loop (`--think-ms 0`) may reach them, and
 * the 429s are then reported as limited, apart from errors (bench/support/load-driver.ts).
 */
export const LOAD_MIX: MixEntry[] = [
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
  { name: "Mark an adverse event reviewed", weight: 2, post: markAdverseEvent },
  { name: "Unmark an adverse event", weight: 0.5, post: unmarkAdverseEvent },
  { name: "Mark a laboratory result reviewed", weight: 1.5, post: markLabResult },
  { name: "Comment on an adverse event", weight: 1, post: commentOnAdverseEvent },
];

/** An entry drawn by weight; `random` is in [0, 1). */
export function pickView(mix: readonly { weight: number }[], random = Math.random()): number {
  const total = mix.reduce((sum, v) => sum + v.weight, 0);
  let left = random * total;
  for (let i = 0; i < mix.length; i++) {
    left -= mix[i].weight;
    if (left < 0) return i;
  }
  return mix.length - 1;
}
