/**
 * For the loaders' tests: the study's visit order worked out from the partner service's database with SQL and code
 * of the tests' own (docs/clinical-rules.md, Visit order of a study), never with lib/clinical/common/visit-order.ts.
 * By phase (screening, treatment, End of Treatment, follow-up, end of study, unscheduled); in a phase, labels
 * stating a day (`Day d`, `Week w` = day 7w + 1) by that day, then the others by name with numbers as numbers.
 */
import type { TestService } from "@/partner-service/testing";

function phase(visit: string): number {
  const v = visit.toLowerCase();
  if (v.includes("unscheduled")) return 5;
  if (v.includes("end of study")) return 4;
  if (v.includes("follow-up") || v.includes("follow up")) return 3;
  if (v.includes("end of treatment") || v === "eot") return 2;
  if (v.includes("screening") || v.includes("baseline")) return 0;
  return 1;
}

function day(visit: string): number | null {
  const d = visit.match(/^Day (-?\d+)$/i);
  if (d) return Number(d[1]);
  const w = visit.match(/^Week (\d+)$/i);
  return w ? Number(w[1]) * 7 + 1 : null;
}

export function expectedVisitOrder(db: TestService["db"], table: "lab_results" | "vital_signs", study: string) {
  const visits = db
    .prepare(`SELECT DISTINCT visit FROM ${table} WHERE study_number = ? AND visit IS NOT NULL`)
    .all(study)
    .map((r) => (r as { visit: string }).visit);
  const key = (v: string) => [phase(v), day(v) === null ? 1 : 0, day(v) ?? 0] as const;
  return visits.sort((a, b) => {
    const [ka, kb] = [key(a), key(b)];
    return ka[0] - kb[0] || ka[1] - kb[1] || ka[2] - kb[2] || a.localeCompare(b, "en", { numeric: true });
  });
}
