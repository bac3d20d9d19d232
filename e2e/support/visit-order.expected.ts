/**
 * The study's visit order, computed from the partner API's own records with the rule of docs/clinical-rules.md
 * ("Visit order of a study") written out again here, independently of the portal's code (nothing of lib/ is
 * imported). The laboratory and vital-signs specs both use it, each over its own records.
 */

/** One record as the rule reads it: its subject, its visit label and its collection time as sent. */
export interface VisitRecord {
  subject: string;
  visit: string;
  at: string;
}

const day = (iso: string) => Date.UTC(+iso.slice(0, 4), +iso.slice(5, 7) - 1, +iso.slice(8, 10)) / 86_400_000;

function median(values: number[]) {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** Visits by the median over subjects of days from the subject's first record; then earliest date; then name. */
export function expectedVisitOrder(records: VisitRecord[]): string[] {
  const first = new Map<string, number>();
  const at = new Map<string, number>();
  for (const r of records) {
    first.set(r.subject, Math.min(first.get(r.subject) ?? Number.POSITIVE_INFINITY, day(r.at)));
    const key = `${r.subject}\n${r.visit}`;
    at.set(key, Math.min(at.get(key) ?? Number.POSITIVE_INFINITY, day(r.at)));
  }
  const offsets = new Map<string, number[]>();
  const earliest = new Map<string, number>();
  for (const [key, d] of at) {
    const [subject, visit] = key.split("\n");
    offsets.set(visit, [...(offsets.get(visit) ?? []), d - (first.get(subject) as number)]);
    earliest.set(visit, Math.min(earliest.get(visit) ?? Number.POSITIVE_INFINITY, d));
  }
  const place = (v: string) => median(offsets.get(v) as number[]);
  return [...offsets.keys()].sort(
    (a, b) =>
      place(a) - place(b) || (earliest.get(a) as number) - (earliest.get(b) as number) || a.localeCompare(b, "en"),
  );
}
