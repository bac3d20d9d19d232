/**
 * The table by term grouped by system organ class (docs/clinical-rules.md, System organ class): each SOC a row of
 * its own, counting the members with any term of it, each once, at the worst grade of their events within the SOC;
 * its terms below it. A term CTCAE v5.0 does not have is shown under "Unmapped", never dropped.
 */
import { SOC_UNMAPPED, systemOrganClass } from "./soc";
import type { AeStudy, SubgroupKind } from "./study";
import { type AeByTerm, aeByTerm, type TermRow } from "./summary";
import { orderTerms, type TermOrder } from "./term-order";

/** The SOC a term is shown under: its CTCAE v5.0 system organ class, or "Unmapped". */
export const socOf = (term: string): string => systemOrganClass(term) ?? SOC_UNMAPPED;

/** Per SOC, the members by their worst grade within it; each row's `term` is the SOC's name. */
export function aeBySoc(study: AeStudy, subgroup: SubgroupKind | null): AeByTerm {
  return aeByTerm(study, subgroup, (e) => socOf(e.term));
}

export interface SocGroup {
  soc: string;
  /** The SOC's own counts (its `term` is the SOC's name). */
  row: TermRow;
  /** The SOC's terms among those shown, in their order. */
  terms: TermRow[];
}

/**
 * The terms shown (filtered and ordered, ../term-order.ts) under their SOCs. The SOCs follow the table's order by
 * their own counts (or names), "Unmapped" last; a SOC none of whose terms is shown is left out. A SOC's counts are
 * of all its terms, shown or not.
 */
export function groupBySoc(bySoc: AeByTerm, terms: readonly TermRow[], order: TermOrder): SocGroup[] {
  const termsOf = new Map<string, TermRow[]>();
  for (const t of terms) {
    const soc = socOf(t.term);
    const list = termsOf.get(soc);
    if (list) list.push(t);
    else termsOf.set(soc, [t]);
  }
  const groups = orderTerms(bySoc, { ...order, minPercent: 0 }).flatMap((row) => {
    const shown = termsOf.get(row.term);
    return shown ? [{ soc: row.term, row, terms: shown }] : [];
  });
  const last = (g: SocGroup) => (g.soc === SOC_UNMAPPED ? 1 : 0);
  // A stable sort: the table's order within each part.
  return groups.sort((a, b) => last(a) - last(b));
}
