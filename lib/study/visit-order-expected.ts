/**
 * For the loaders' tests: the study's visit order worked out from the partner service's database with SQL and code
 * of the tests' own (docs/clinical-rules.md, Visit order of a study), never with lib/clinical/common/visit-order.ts.
 * Per subject, day 0 is its first collection date; a visit's place is the median over subjects of the days from day 0
 * to the subject's first record at the visit; ties by the visit's earliest date, then by name.
 */
import type { TestService } from "@/partner-service/testing";

export function expectedVisitOrder(db: TestService["db"], table: "lab_results" | "vital_signs", study: string) {
  const offsets = db
    .prepare(
      `WITH f AS (SELECT subject_id, min(substr(collected_at, 1, 10)) AS d0 FROM ${table}
                  WHERE study_number = ? GROUP BY subject_id)
       SELECT visit, julianday(min(substr(collected_at, 1, 10))) - julianday(d0) AS off,
              min(substr(collected_at, 1, 10)) AS first
       FROM ${table} JOIN f USING (subject_id) WHERE study_number = ? GROUP BY subject_id, visit`,
    )
    .all(study, study) as { visit: string; off: number; first: string }[];
  const byVisit = new Map<string, { days: number[]; first: string }>();
  for (const o of offsets) {
    const v = byVisit.get(o.visit) ?? { days: [], first: o.first };
    v.days.push(o.off);
    if (o.first < v.first) v.first = o.first;
    byVisit.set(o.visit, v);
  }
  const median = (d: number[]) => {
    const s = [...d].sort((a, b) => a - b);
    return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  };
  const places = [...byVisit.entries()].map(([visit, v]) => ({ visit, place: median(v.days), first: v.first }));
  return places
    .sort((a, b) => a.place - b.place || a.first.localeCompare(b.first) || a.visit.localeCompare(b.visit, "en"))
    .map((p) => p.visit);
}
