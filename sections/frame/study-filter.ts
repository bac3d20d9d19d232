/**
 * The study filter (docs/design.md, The study filter): subjects, and subgroups of the Group's members, chosen once
 * and applied by every section of the study while the user stays in it. Its URL contract, the same on every page
 * of the study and read where it is used (server and client alike: no server import):
 *
 *   only_subjects=<subject ID>,<subject ID>...   (at most MAX_SUBJECTS)
 *   only_sex=<value>   only_age=<age group>   only_race=<value>   (the adverse events' subgroups)
 *   snapshot=<study snapshot>   (the study read as it was then: a past snapshot, read-only; docs/snapshots.md)
 *
 * The names are the filter's own: a section's own parameters (the adverse-event listing's `sex=`, the spider
 * plot's `subjects=`) narrow that section's view only. A value of the wrong form is ignored and its parameter's
 * NAME (never its value) is reported; a value of the right form that no subject has keeps no subject, and says so.
 */
import { AGE_GROUPS, SUBGROUP_KINDS, SUBGROUP_TITLE, type SubgroupKind } from "@/lib/clinical/adverse-events/study";
import type { ParamSource } from "@/lib/tables/url-state";

export const SUBJECTS_PARAM = "only_subjects";
export const SUBGROUP_PARAMS: Readonly<Record<SubgroupKind, string>> = {
  sex: "only_sex",
  age: "only_age",
  race: "only_race",
};
/** The study snapshot a past view of the study reads (lib/snapshots/study-snapshots.ts: its id). */
export const SNAPSHOT_PARAM = "snapshot";
/** Every parameter of the filter, in the order its chips are shown (a past snapshot has none: the frame says it). */
export const STUDY_FILTER_PARAMS: readonly string[] = [
  SUBJECTS_PARAM,
  ...SUBGROUP_KINDS.map((k) => SUBGROUP_PARAMS[k]),
  SNAPSHOT_PARAM,
];
const SNAPSHOT_ID = /^[1-9]\d{0,14}$/;

/** The most subjects one filter names: a reviewer's handful, and a bounded address. */
export const MAX_SUBJECTS = 50;
/** A subject ID as the study's subjects are numbered, or any short ID of letters, digits, `.`, `_` and `-`. */
const SUBJECT_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
/** A subgroup value as the partner's labels are written: letters, digits, spaces and a few marks. */
const SUBGROUP_VALUE = /^[\p{L}\p{N}][\p{L}\p{N} .,'()/+-]{0,63}$/u;

export interface StudyFilter {
  /** Chosen subject IDs, in the order given, each once; empty: every subject. */
  subjects: readonly string[];
  /** Chosen subgroups of the Group's members (docs/clinical-rules.md, Adverse events in a study). */
  subgroup: Readonly<Partial<Record<SubgroupKind, string>>>;
  /** Parameters of the filter whose value was not understood and is ignored. */
  ignored: readonly string[];
  /** The past study snapshot the study is read at (read-only); absent: its latest data. Narrows no subject. */
  snapshot?: number;
}

export const NO_STUDY_FILTER: StudyFilter = { subjects: [], subgroup: {}, ignored: [] };

export function parseStudyFilter(params: ParamSource): StudyFilter {
  const ignored: string[] = [];
  const subjects = readSubjects(params.get(SUBJECTS_PARAM), () => ignored.push(SUBJECTS_PARAM));
  const subgroup: Partial<Record<SubgroupKind, string>> = {};
  for (const kind of SUBGROUP_KINDS) {
    const name = SUBGROUP_PARAMS[kind];
    const raw = params.get(name)?.trim();
    if (raw === undefined || raw === "") continue;
    if (subgroupAccepts(kind, raw)) subgroup[kind] = raw;
    else ignored.push(name);
  }
  const snapshot = params.get(SNAPSHOT_PARAM)?.trim();
  if (snapshot && !SNAPSHOT_ID.test(snapshot)) ignored.push(SNAPSHOT_PARAM);
  if (snapshot && SNAPSHOT_ID.test(snapshot)) return { subjects, subgroup, ignored, snapshot: Number(snapshot) };
  return { subjects, subgroup, ignored };
}

function subgroupAccepts(kind: SubgroupKind, value: string): boolean {
  if (kind === "age") return (AGE_GROUPS as readonly string[]).includes(value);
  return SUBGROUP_VALUE.test(value);
}

function readSubjects(raw: string | null, refuse: () => void): string[] {
  const text = raw?.trim() ?? "";
  if (text === "") return [];
  const ids = [...new Set(text.split(",").map((s) => s.trim()))].filter((s) => s !== "");
  if (ids.length > MAX_SUBJECTS || ids.some((id) => !SUBJECT_ID.test(id))) {
    refuse();
    return [];
  }
  return ids;
}

export const isStudyFiltered = (f: StudyFilter) => f.subjects.length > 0 || Object.keys(f.subgroup).length > 0;

/** Whether the study's links have anything of the filter to carry: subjects, subgroups or a past snapshot. */
export const carriesStudyFilter = (f: StudyFilter) => isStudyFiltered(f) || f.snapshot !== undefined;

/** The filter's parameters as understood, in their order: what the study's links carry. */
export function studyFilterParams(f: StudyFilter): URLSearchParams {
  const out = new URLSearchParams();
  if (f.subjects.length > 0) out.set(SUBJECTS_PARAM, f.subjects.join(","));
  for (const kind of SUBGROUP_KINDS) {
    const value = f.subgroup[kind];
    if (value !== undefined) out.set(SUBGROUP_PARAMS[kind], value);
  }
  if (f.snapshot !== undefined) out.set(SNAPSHOT_PARAM, String(f.snapshot));
  return out;
}

/** A stable name of the filter, for the memo of the rows it keeps. */
export const studyFilterKey = (f: StudyFilter) => studyFilterParams(f).toString();

/** An address of the study with the filter's parameters set as `f` has them (replacing any it had). */
export function withStudyFilter(href: string, f: StudyFilter): string {
  const [rest, hash] = splitOnce(href, "#");
  const [path, query] = splitOnce(rest, "?");
  const params = new URLSearchParams(query);
  for (const name of STUDY_FILTER_PARAMS) params.delete(name);
  studyFilterParams(f).forEach((value, key) => {
    params.set(key, value);
  });
  const search = params.toString();
  return `${path}${search ? `?${search}` : ""}${hash ? `#${hash}` : ""}`;
}

function splitOnce(text: string, mark: string): [string, string] {
  const at = text.indexOf(mark);
  return at < 0 ? [text, ""] : [text.slice(0, at), text.slice(at + 1)];
}

/** One chosen part of the filter: its words, and the filter without it. */
export interface StudyFilterChip {
  label: string;
  without: StudyFilter;
}

export function studyFilterChips(f: StudyFilter): StudyFilterChip[] {
  const chips: StudyFilterChip[] = f.subjects.map((id) => ({
    label: `Subject ${id}`,
    without: { ...f, subjects: f.subjects.filter((s) => s !== id) },
  }));
  for (const kind of SUBGROUP_KINDS) {
    const value = f.subgroup[kind];
    if (value === undefined) continue;
    const { [kind]: _gone, ...subgroup } = f.subgroup;
    chips.push({ label: `${SUBGROUP_TITLE[kind]}: ${value}`, without: { ...f, subgroup } });
  }
  return chips;
}

/** The filter in words, for an export's About sheet: one line, or none when it chooses nothing. */
export function studyFilterWords(f: StudyFilter): string[] {
  const chips = studyFilterChips(f);
  return chips.length === 0 ? [] : [`Study filter: ${chips.map((c) => c.label).join("; ")}`];
}

/** Whether a subject ID can be one of the filter's (the others are offered no "only this subject"). */
export const isFilterableSubject = (subjectId: string) => SUBJECT_ID.test(subjectId);

/** The filter with exactly one subject: "only this subject". */
export const onlySubject = (subjectId: string): StudyFilter => ({ subjects: [subjectId], subgroup: {}, ignored: [] });
