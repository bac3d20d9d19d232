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

/** Screening 0, treatment 1, End of Treatment 2, follow-up 3, end of study 4, unscheduled 5. */
function phase(visit: string): number {
  const v = visit.toLowerCase();
  if (v.includes("unscheduled")) return 5;
  if (v.includes("end of study")) return 4;
  if (/follow[- ]?up/.test(v)) return 3;
  if (v.includes("end of treatment") || v === "eot") return 2;
  if (v.includes("screening") || v.includes("baseline")) return 0;
  return 1;
}

/** The day a label states: `Day d` is d, `Week w` is 7w + 1. */
function day(visit: string): number | null {
  const d = /^day (-?\d+)$/i.exec(visit);
  if (d) return +d[1];
  const w = /^week (\d+)$/i.exec(visit);
  return w ? 7 * +w[1] + 1 : null;
}

/** Visits by phase; in a phase, stated days first by day, then by name with numbers compared as numbers. */
export function expectedVisitOrder(records: VisitRecord[]): string[] {
  const visits = [...new Set(records.map((r) => r.visit))];
  const rank = (v: string) => [phase(v), day(v) === null ? 1 : 0, day(v) ?? 0];
  return visits.sort((a, b) => {
    const [ra, rb] = [rank(a), rank(b)];
    return ra[0] - rb[0] || ra[1] - rb[1] || ra[2] - rb[2] || a.localeCompare(b, "en", { numeric: true });
  });
}
