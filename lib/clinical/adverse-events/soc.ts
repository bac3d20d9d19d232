/**
 * The system organ class of a CTCAE term (docs/clinical-rules.md, System organ class): CTCAE v5.0 files each
 * term under one MedDRA system organ class, and ./soc/ctcae-v5.0-soc.json ships that mapping as data, with its
 * source and version. A term is looked up trimmed and without regard to case; a term CTCAE v5.0 does not have
 * (a MedDRA term that is no CTCAE term, a misspelling, a term of another version) has no class: null, so that
 * the views can show it as unmapped rather than guess.
 */
import mapping from "./soc/ctcae-v5.0-soc.json";

/** The mapping's source and version, for the page, the docs and the exports. */
export const SOC_SOURCE = `${mapping.version}. ${mapping.source}`;

/** Where a term the mapping does not have is shown (never dropped). */
export const SOC_UNMAPPED = "Unmapped";

const BY_TERM = new Map<string, string>(mapping.terms.map((t) => [key(t.term), t.soc]));

function key(term: string): string {
  return term.trim().toLowerCase();
}

/** The MedDRA system organ class CTCAE v5.0 files the term under, or null when CTCAE v5.0 has no such term. */
export function systemOrganClass(term: string): string | null {
  return BY_TERM.get(key(term)) ?? null;
}
