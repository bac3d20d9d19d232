/**
 * The adverse-event tables of a study as docs/clinical-rules.md (Adverse events in a study) defines them,
 * counted here from the partner API's own records, fetched over HTTP: written for the tests, importing nothing of
 * the portal, so that the page is checked against an independent count.
 */
import type { APIRequestContext } from "@playwright/test";
import { northstarToken, type Res, searchAll } from "../../support/partner-api";

export interface Ae {
  key: string;
  subject: string;
  term: string;
  grade: number | null;
  related: boolean;
  ongoing: boolean;
  /** The CTCAE version as the partner sends it (a number: 5 for 5.0). */
  version: number | undefined;
  endBeforeStart: boolean;
  /** The start and end as `YYYY-MM-DD` (from the `MM/DD/YYYY` extensions), null when not sent. */
  start: string | null;
  end: string | null;
  /** The suspect product (the study's investigational agent) as sent. */
  product: string | null;
}

export interface AeData {
  /** Patient IDs of the Group's members, and N. */
  members: Set<string>;
  n: number;
  /** Sex label per member Patient ID. */
  sex: Map<string, string>;
  /** Distinct events of members. */
  events: Ae[];
}

const RELATED = new Set(["Certain", "Probably/Likely", "Possible"]);
const SEX: Record<string, string> = { male: "Male", female: "Female", other: "Other", unknown: "Unknown" };

export async function aeData(request: APIRequestContext, study: string): Promise<AeData> {
  const token = await northstarToken(request);
  const q = `researchstudy=${study}&_count=1000`;
  const [groups, patients, aes] = await Promise.all(
    ["Group", "Patient", "AdverseEvent"].map((k) => searchAll(request, token, `${k}?${q}`)),
  );
  const numbers = new Set(
    (groups[0].member as { entity: { reference: string } }[]).map((m) => m.entity.reference.replace(/^Patient\//, "")),
  );
  const members = new Set<string>();
  const sex = new Map<string, string>();
  for (const p of patients) {
    const ids = p.identifier as { system: string; value: string }[];
    const number = ids.find((i) => i.system.endsWith("#SubjectStudyId"))?.value;
    if (number && numbers.has(number)) {
      members.add(p.id!);
      sex.set(p.id!, SEX[p.gender as string] ?? "Not recorded");
    }
  }
  const seen = new Set<string>();
  const events: Ae[] = [];
  for (const r of aes) {
    const key = (r.identifier as { value: string }).value;
    const subject = (r.subject as { reference: string }).reference.replace(/^Patient\//, "");
    if (seen.has(key) || !members.has(subject)) continue;
    seen.add(key);
    events.push(aeOf(r, key, subject));
  }
  return { members, n: numbers.size, sex, events };
}

function aeOf(r: Res, key: string, subject: string): Ae {
  const ext = (suffix: string) => r.extension?.find((e) => e.url.endsWith(suffix));
  const causality = (r.suspectEntity as { causality: { assessment: { coding: { display: string }[] } }[] }[])[0]
    .causality[0].assessment.coding[0].display;
  // MM/DD/YYYY as a sortable YYYYMMDD number.
  const day = (v: string | undefined) => (v ? Number(v.replace(/^(\d+)\/(\d+)\/(\d+)$/, "$3$1$2")) : undefined);
  const [start, end] = [day(ext("#StartDate")?.valueString), day(ext("#EndDate")?.valueString)];
  return {
    key,
    subject,
    term: (r.event as { coding: { display: string }[] }).coding[0].display,
    grade: ext("#Grade")?.valueInteger ?? null,
    related: RELATED.has(causality),
    ongoing: ext("#AEOngoing")?.valueInteger === 1,
    version: r.extension?.find((e) => !e.url.includes("#") && /ctcae$/.test(e.url))?.valueDecimal,
    endBeforeStart: start !== undefined && end !== undefined && end < start,
    start: isoDay(ext("#StartDate")?.valueString),
    end: isoDay(ext("#EndDate")?.valueString),
    product:
      (r.suspectEntity as { causality: { productRelatedness?: string }[] }[])[0].causality[0].productRelatedness ??
      null,
  };
}

/** `MM/DD/YYYY` as `YYYY-MM-DD`; null when not sent or not of that shape. */
function isoDay(v: string | undefined): string | null {
  const m = v ? /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(v) : null;
  return m ? `${m[3]}-${m[1]}-${m[2]}` : null;
}

/** `n (p%)` with one decimal; `0` alone. */
export const cell = (n: number, of: number) =>
  n === 0 ? "0" : `${n} (${(Math.round((1000 * n) / of) / 10).toFixed(1)}%)`;

const subjects = (events: Ae[], keep: (e: Ae) => boolean) => new Set(events.filter(keep).map((e) => e.subject));

export function overviewLines(d: AeData): [string, string][] {
  const line = (label: string, keep: (e: Ae) => boolean): [string, string] => [
    label,
    cell(subjects(d.events, keep).size, d.n),
  ];
  return [
    line("Subjects with any adverse event", () => true),
    line("Subjects with an adverse event of grade 3 or more", (e) => e.grade !== null && e.grade >= 3),
    line("Subjects with an adverse event of grade 5 (death)", (e) => e.grade === 5),
    line("Subjects with a related adverse event", (e) => e.related),
    line("Subjects with an ongoing adverse event", (e) => e.ongoing),
    ["Adverse events (records)", d.events.length.toLocaleString("en")],
  ];
}

export interface TermCounts {
  term: string;
  /** any, grade 1-5, >=3, missing */
  counts: number[];
  /** Subjects with graded and ungraded events of the term. */
  mixed: number;
  /** Subjects per worst grade: key 0 = none graded. */
  worst: Map<string, number>;
}

/** Per term: each subject once, at its highest grade; only-ungraded subjects in "missing". Falling frequency. */
export function byTerm(d: AeData): TermCounts[] {
  const terms = new Map<string, Map<string, { max: number; ungraded: boolean }>>();
  for (const e of d.events) {
    const s = terms.get(e.term) ?? new Map();
    const w = s.get(e.subject) ?? { max: 0, ungraded: false };
    if (e.grade === null) w.ungraded = true;
    else w.max = Math.max(w.max, e.grade);
    s.set(e.subject, w);
    terms.set(e.term, s);
  }
  const out: TermCounts[] = [];
  for (const [term, s] of terms) {
    const counts = [s.size, 0, 0, 0, 0, 0, 0, 0];
    const worst = new Map<string, number>();
    let mixed = 0;
    for (const [subject, w] of s) {
      worst.set(subject, w.max);
      if (w.max === 0) counts[7]++;
      else counts[w.max]++;
      if (w.max >= 3) counts[6]++;
      if (w.max > 0 && w.ungraded) mixed++;
    }
    out.push({ term, counts, mixed, worst });
  }
  return out.sort((a, b) => b.counts[0] - a.counts[0] || a.term.localeCompare(b.term));
}
