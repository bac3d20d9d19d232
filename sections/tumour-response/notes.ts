/**
 * The Tumour response section's data notes: what the partner sent that no response can use, counted by reason
 * (assessments naming no subject or sent twice, lesion readings without subject, category or assessment, sent
 * twice), assessments set aside for their date, and what the chosen options changed against the defaults
 * (docs/clinical-rules.md, Tumour response). Counts of one subject's records open that subject's response page;
 * records of no subject have no page to open, and are said in words.
 */

import type { ResponseOptions } from "@/lib/clinical/response/best-response";
import { CONFIRM_DAYS, DEFAULT_MIN_SD_DAYS } from "@/lib/clinical/response/best-response";
import type { JoinCounts } from "@/lib/clinical/response/subject-records";
import type { SubjectResponse } from "@/lib/clinical/response/subject-response";
import { type DataNote, type NotePart, plural } from "@/sections/frame/ui/notices";
import type { OptionChange } from "@/sections/tumour-response/load-summary";

/** At most this many subjects are named (and linked) in one note; the rest are counted. */
export const MAX_NAMED = 20;

export interface NotesInput {
  counts: JoinCounts;
  subjects: readonly SubjectResponse[];
  options: ResponseOptions;
  optionChanges: OptionChange[] | null;
}

const were = (n: number) => (n === 1 ? "was" : "were");

/** Subject IDs as links to their response pages, the first MAX_NAMED of them, then how many more. */
function named(ids: readonly string[], href: (id: string) => string, detail?: (id: string) => string): NotePart[] {
  const parts: NotePart[] = [];
  ids.slice(0, MAX_NAMED).forEach((id, i) => {
    if (i > 0) parts.push(", ");
    parts.push({ text: id, href: href(id) });
    if (detail) parts.push(` (${detail(id)})`);
  });
  if (ids.length > MAX_NAMED) parts.push(` and ${ids.length - MAX_NAMED} more`);
  return parts;
}

export function joinNotes(counts: JoinCounts): DataNote[] {
  const notes: DataNote[] = [];
  const a = counts.assessmentsWithoutSubject;
  if (a) notes.push(`${plural(a, "response assessment")} name${a === 1 ? "s" : ""} no subject: not used.`);
  const d = counts.duplicateAssessments;
  if (d)
    notes.push(
      `${plural(d, "response assessment")} ${were(d)} sent again under an assessment ID already seen: ` +
        "each counts once (the first received).",
    );
  for (const [reason, n] of counts.unreadLesions)
    notes.push(`${plural(n, "lesion reading")} ${reasonVerb(reason, n)}: not used in any response.`);
  const w = counts.lesionsWithoutAssessment;
  if (w) {
    const its = w === 1 ? "its" : "their";
    notes.push(
      `${plural(w, "lesion reading")} belong${w === 1 ? "s" : ""} to no assessment of ${its} subject (neither the ` +
        `one ${its} lesion ID names nor the subject's only assessment on ${its} date): not used.`,
    );
  }
  const l = counts.duplicateLesions;
  if (l)
    notes.push(
      `${plural(l, "lesion reading")} ${were(l)} sent again under a lesion ID already seen: ` +
        "each counts once (the first received).",
    );
  return notes;
}

/** `names no subject` for one reading, `name no subject` for several (the reasons of lesionProblem). */
function reasonVerb(reason: string, n: number): string {
  if (n === 1) return reason;
  return reason.replace(/^names /, "name ").replace(/^has /, "have ");
}

/** Assessments set aside: dated before the subject's baseline, or without a readable date; the subjects named. */
export function setAsideNotes(subjects: readonly SubjectResponse[], href: (id: string) => string): DataNote[] {
  const notes: DataNote[] = [];
  const kinds = [
    ["beforeBaseline", "dated before the subject's baseline"],
    ["undated", "without a readable date"],
  ] as const;
  for (const [field, words] of kinds) {
    // A subject without a baseline has every dated assessment set aside: it is listed as left out instead.
    const withAny = subjects.filter((s) => s[field].length > 0 && (field === "undated" || s.baseline !== null));
    if (withAny.length === 0) continue;
    const n = withAny.reduce((sum, s) => sum + s[field].length, 0);
    notes.push([
      `${plural(n, "response assessment")} ${words}, not used (listed on the subject's response page): `,
      ...named(
        withAny.map((s) => s.subjectId),
        href,
      ),
      ".",
    ]);
  }
  return notes;
}

export const optionsText = (o: ResponseOptions) =>
  `${o.confirm ? `CR and PR confirmed ${CONFIRM_DAYS} days or more later` : "no confirmation of CR and PR"}, ` +
  `SD at least ${o.minSdDays} days from baseline`;

/** What the chosen options changed against the defaults; nothing under the defaults. */
export function optionNotes(
  options: ResponseOptions,
  changes: OptionChange[] | null,
  href: (id: string) => string,
): DataNote[] {
  if (changes === null) return [];
  const defaults = `the defaults (no confirmation, SD at least ${DEFAULT_MIN_SD_DAYS} days)`;
  if (changes.length === 0)
    return [`The options (${optionsText(options)}) change no subject's best overall response against ${defaults}.`];
  const byId = new Map(changes.map((c) => [c.subjectId, c]));
  const detail = (id: string) => {
    const c = byId.get(id) as OptionChange;
    const part = (label: string, x: OptionChange["signed"]) => (x ? `${label} ${x.from} → ${x.to}` : "");
    return [part("signed", c.signed), part("recomputed", c.recomputed)].filter(Boolean).join("; ");
  };
  return [
    [
      `The options (${optionsText(options)}) change the best overall response of ` +
        `${plural(changes.length, "subject")} against ${defaults}: `,
      ...named(
        changes.map((c) => c.subjectId),
        href,
        detail,
      ),
      ".",
    ],
  ];
}

export function responseNotes(input: NotesInput, href: (id: string) => string): DataNote[] {
  return [
    ...joinNotes(input.counts),
    ...setAsideNotes(input.subjects, href),
    ...optionNotes(input.options, input.optionChanges, href),
  ];
}
