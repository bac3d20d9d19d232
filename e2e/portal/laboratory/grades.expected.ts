/**
 * The listing's ×ULN and CTCAE v5.0 grade of an ALT result, written out here from NCI CTCAE v5.0 (2017), "Alanine
 * aminotransferase increased", and docs/clinical-rules.md (CTCAE grades of laboratory results), independently of the
 * portal's code: grade 1 above ULN up to 3.0 x ULN, 2 above 3.0 up to 5.0, 3 above 5.0 up to 20.0, 4 above 20.0; when
 * the subject's baseline was above ULN, its results after baseline by the baseline instead: 1 from 1.5 x baseline up
 * to 3.0, 2 above 3.0 up to 5.0, 3 above 5.0 up to 20.0, 4 above 20.0.
 */
import { type Dosing, groupBy, type Lab, type Part, parts, shownTime } from "./laboratory.expected";

const TERM = "Alanine aminotransferase increased";

function grade(value: number, uln: number, baseline: number | null): number {
  if (baseline !== null) {
    if (value > 20 * baseline) return 4;
    if (value > 5 * baseline) return 3;
    if (value > 3 * baseline) return 2;
    return value >= 1.5 * baseline ? 1 : 0;
  }
  if (value > 20 * uln) return 4;
  if (value > 5 * uln) return 3;
  if (value > 3 * uln) return 2;
  return value > uln ? 1 : 0;
}

/**
 * The cells the listing shows for each ALT result above its range (`<=40`: ULN 40) by subject and collection time:
 * part, ×ULN (shown with two decimals, half up: the values are whole numbers, so value x 100 / 40 is exact), grade,
 * term.
 */
export function altAbnormalCells(alt: Lab[], dosing: Map<string, Dosing>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const PART: Record<Part, string> = {
    baseline: "baseline",
    before: "before baseline: not used",
    after: "after baseline",
    late: "after the on-treatment window: not counted",
  };
  for (const results of groupBy(alt, (r) => `${r.subject}|${r.unit}`).values()) {
    const placed = parts(results, dosing.get(results[0].subject) as Dosing, 30);
    const base = [...placed].find(([, p]) => p === "baseline")?.[0];
    for (const [r, part] of placed) {
      const value = r.value as number;
      if (r.range !== "<=40" || value <= 40) continue;
      const byBaseline = (part === "after" || part === "late") && base !== undefined && (base.value as number) > 40;
      const g = grade(value, 40, byBaseline ? (base?.value as number) : null);
      const term = g === 0 ? "" : `${TERM}${byBaseline ? " (× baseline)" : ""}`;
      out.set(`${r.subject}|${shownTime(r.at)}`, [
        PART[part],
        hundredths(Math.round((value * 100) / 40)),
        String(g),
        term,
      ]);
    }
  }
  return out;
}

/** Hundredths written with two decimals, from the whole number: 250 gives "2.50". */
function hundredths(n: number): string {
  return `${Math.floor(n / 100)}.${String(n % 100).padStart(2, "0")}`;
}
