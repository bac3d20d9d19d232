/**
 * The Tumour response section's URL contract. Every page of the section shares one state, the ResponseQuery: the
 * response options (CR/PR confirmation, minimum time for SD), day 1 of the response times (`day1=`: the baseline
 * assessment or the first dose), who N counts (`population=`: the evaluable subjects or intent to treat), and which
 * best overall response colours the plots (as signed or as recomputed); each page adds its own (the summary's choice
 * of subjects, the spider plot's scale and subjects, the swimmer plot's order and page, the subject of a subject's
 * response page). Bad values fall back to the defaults (docs/clinical-rules.md, Tumour response), never to an error.
 * The section's addresses, which keep this state, are in ./addresses.ts.
 */
import { type DayOneAnchor, DEFAULT_DAY_ONE, dayOneAnchor } from "@/lib/clinical/exposure/day-one";
import { DEFAULT_MIN_SD_DAYS, type ResponseOptions, responseOptions } from "@/lib/clinical/response/best-response";
import { DEFAULT_POPULATION, type Population, populationOf } from "@/lib/clinical/response/population";
import { NON_CR_NON_PD, type Response } from "@/lib/clinical/response/timepoint";
import type { ParamSource } from "@/lib/tables/url-state";
import { subjectIdOf } from "@/sections/frame/subject-id";

export type BorSource = "signed" | "recomputed";

/** What the section's derivations depend on besides the records: the options, day 1 and who N counts. */
export interface ResponseSettings {
  options: ResponseOptions;
  /** Day 1 of the response times: the baseline assessment (the default) or the first dose of the study drug. */
  dayOne: DayOneAnchor;
  /** Who N counts: the evaluable subjects (the default) or intent to treat. */
  population: Population;
}

export const DEFAULT_SETTINGS: Omit<ResponseSettings, "options"> = {
  dayOne: DEFAULT_DAY_ONE,
  population: DEFAULT_POPULATION,
};

/** The state every page of the section shares, and every link between them keeps. */
export interface ResponseQuery extends ResponseSettings {
  /** Which best overall response the plots colour and sort by. */
  bor: BorSource;
}

export function parseResponseQuery(searchParams: ParamSource): ResponseQuery {
  return {
    options: responseOptions(searchParams.get("confirm"), searchParams.get("sd_days")),
    dayOne: dayOneAnchor(searchParams.get(DAY_ONE_PARAM)),
    population: populationOf(searchParams.get(POPULATION_PARAM)),
    bor: searchParams.get("bor") === "signed" ? "signed" : "recomputed",
  };
}

export const DAY_ONE_PARAM = "day1";
export const POPULATION_PARAM = "population";

/** The shared state as query parameters, defaults left out, for links between the pages. */
export function responseQueryParams(q: ResponseQuery): URLSearchParams {
  const out = new URLSearchParams();
  if (q.options.confirm) out.set("confirm", "1");
  if (q.options.minSdDays !== DEFAULT_MIN_SD_DAYS) out.set("sd_days", String(q.options.minSdDays));
  if (q.dayOne !== DEFAULT_DAY_ONE) out.set(DAY_ONE_PARAM, q.dayOne);
  if (q.population !== DEFAULT_POPULATION) out.set(POPULATION_PARAM, q.population);
  if (q.bor === "signed") out.set("bor", "signed");
  return out;
}

/** `path` with the shared state (and `extra`) as its query. */
export function responseHref(path: string, q: ResponseQuery, extra: Record<string, string> = {}): string {
  const searchParams = responseQueryParams(q);
  for (const [k, v] of Object.entries(extra)) searchParams.set(k, v);
  const query = searchParams.toString();
  return query ? `${path}?${query}` : path;
}

// The summary's choice of subjects.

/**
 * Which subjects the summary lists below its table (`subjects=<source>-<group>`): the subjects of N with one best
 * overall response, with an objective response (CR or PR) or disease control (CR, PR, SD or Non-CR/Non-PD), or all of
 * N, as signed or as recomputed. Any other value lists every subject.
 */
export type DrillGroup = Response | "ORR" | "DCR" | "N";

export interface SubjectDrill {
  source: BorSource;
  group: DrillGroup;
}

export const DRILL_PARAM = "subjects";

const DRILL_GROUPS: ReadonlySet<string> = new Set<DrillGroup>([
  "CR",
  "PR",
  "SD",
  NON_CR_NON_PD,
  "PD",
  "NE",
  "ORR",
  "DCR",
  "N",
]);

/** The URL's choice; null (every subject) for none or anything unreadable. */
export function parseSubjectDrill(searchParams: ParamSource): SubjectDrill | null {
  const m = /^(signed|recomputed)-([A-Za-z/-]{1,13})$/.exec(searchParams.get(DRILL_PARAM) ?? "");
  if (!m || !DRILL_GROUPS.has(m[2])) return null;
  return { source: m[1] as BorSource, group: m[2] as DrillGroup };
}

export const drillValue = (d: SubjectDrill) => `${d.source}-${d.group}`;

/** The summary's page: the shared state and the subjects its listing shows. */
export interface SummaryQuery extends ResponseQuery {
  drill: SubjectDrill | null;
}

export const parseSummaryQuery = (searchParams: ParamSource): SummaryQuery => ({
  ...parseResponseQuery(searchParams),
  drill: parseSubjectDrill(searchParams),
});

// The plots' own state: the spider plot's scale (`scale=nadir`) and chosen subjects (`subjects=` a comma-separated
// list), the swimmer plot's order (`sort=bor`) and page (`page=`). A subject ID is kept only when it is made of
// letters, digits, `.`, `_` and `-` (the partner's IDs), so that nothing raw is reflected.

export type SpiderScale = "baseline" | "nadir";
export type SwimmerSort = "length" | "bor";

/** At most this many subjects are drawn in the spider plot (with at most MAX_SPIDER_POINTS points). */
export const MAX_SPIDER_SUBJECTS = 50;
export const MAX_SPIDER_POINTS = 5000;
/** Bars on one page of the swimmer plot. */
export const SWIMMER_PAGE_SIZE = 50;

const SUBJECT_ID = /^[A-Za-z0-9._-]{1,64}$/;
// A list longer than this is cut before it is read: the URL cannot make the server hold more.
const MAX_LIST_CHARS = 4000;

export const spiderScale = (searchParams: ParamSource): SpiderScale =>
  searchParams.get("scale") === "nadir" ? "nadir" : "baseline";

/** The chosen subjects, unique, in the order given, at most MAX_SPIDER_SUBJECTS; null when none was given. */
export function spiderSubjects(searchParams: ParamSource): string[] | null {
  const text = searchParams.get("subjects");
  if (text === null) return null;
  const ids = new Set<string>();
  for (const part of text.slice(0, MAX_LIST_CHARS).split(",")) {
    const id = part.trim();
    if (SUBJECT_ID.test(id)) ids.add(id);
    if (ids.size === MAX_SPIDER_SUBJECTS) break;
  }
  return ids.size === 0 ? null : [...ids];
}

export const swimmerSort = (searchParams: ParamSource): SwimmerSort =>
  searchParams.get("sort") === "bor" ? "bor" : "length";

/** The page asked for, a whole number from 1; anything else is 1 (a page past the last shows the last). */
export function swimmerPage(searchParams: ParamSource): number {
  const text = searchParams.get("page") ?? "";
  const n = Number(text);
  return /^\d{1,6}$/.test(text) && n >= 1 ? n : 1;
}

export interface SpiderQuery extends ResponseQuery {
  scale: SpiderScale;
  /** The subjects chosen in the URL; null for the default choice. */
  asked: string[] | null;
}

export const parseSpiderQuery = (searchParams: ParamSource): SpiderQuery => ({
  ...parseResponseQuery(searchParams),
  scale: spiderScale(searchParams),
  asked: spiderSubjects(searchParams),
});

export interface SwimmerQuery extends ResponseQuery {
  sort: SwimmerSort;
  page: number;
}

export const parseSwimmerQuery = (searchParams: ParamSource): SwimmerQuery => ({
  ...parseResponseQuery(searchParams),
  sort: swimmerSort(searchParams),
  page: swimmerPage(searchParams),
});

// A subject's response page: /studies/<connection>/<study>/tumour-response/subjects/<ID>, below the section.

/** The longest subject ID the page looks up; a longer one (or one with control characters) is no subject ID. */
export const MAX_SUBJECT_ID = 128;

/** Whether an ID from the address can be a subject ID at all (else the page says so without looking it up). */
export const isSubjectIdShape = (id: string) =>
  id.length > 0 && id.length <= MAX_SUBJECT_ID && ![...id].some((c) => c.charCodeAt(0) < 32 || c === "\u007f");

export interface ResponsePageQuery extends ResponseQuery {
  /** The subject ID of the page's path segment, decoded. */
  subjectId: string;
}

export const parseResponsePageQuery = (
  searchParams: ParamSource,
  segments: Readonly<Record<string, string>>,
): ResponsePageQuery => ({ ...parseResponseQuery(searchParams), subjectId: subjectIdOf(segments.subjectId ?? "") });
