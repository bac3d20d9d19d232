/**
 * Imaging Observations (one lesion reading each, docs/partner-service.md, "Observation, category imaging") as
 * the rows the portal's own RECIST 1.1 statement works on (docs/clinical-rules.md, Tumour response). Read
 * tolerantly like the other mappers: names by meaning, any case; what cannot be used is counted, never dropped
 * silently.
 */
import type { ObservationResource } from "@/partner-api/resources";
import { calendarDate } from "../common/dates";
import { extensionText, type Intern, identifierByName, noIntern, subjectOf } from "../common/fhir";

export type LesionCategory = "Target" | "Non-target" | "New lesion";

export interface LesionRow {
  /** The `#LesionIdentifier` identifier (`3102-A-004002-T1`), else the first identifier, else `id`. */
  key: string | null;
  subjectId: string | null;
  /** The assessment the reading belongs to, read from the lesion ID's shape `<case>-<assessment>-<label>`. */
  assessmentKey: string | null;
  /** The lesion's label (`T1`, `NT2`, `NL1`): the same lesion keeps it from one assessment to the next. */
  label: string | null;
  category: LesionCategory | null;
  /** The category as sent, kept when it is none of the three, so that a note can name it. */
  categoryText: string | null;
  organ: string | null;
  /** A lymph node: measured by its short axis, normal under 10 mm. */
  node: boolean;
  /** `#State` as sent (`Present`, `Too small`, `Uneqv. prog.`...). */
  state: string | null;
  /** The measurement in mm (`valueQuantity.value`); null when none was sent. */
  value: number | null;
  unit: string | null;
  /** Calendar date of `effectiveDateTime` (the assessment's date). */
  date: string | null;
}

// A Map, as every lookup of the partner's text is (docs/security.md): `constructor` or `__proto__` finds nothing.
const CATEGORIES: ReadonlyMap<string, LesionCategory> = new Map<string, LesionCategory>([
  ["target", "Target"],
  ["non-target", "Non-target"],
  ["nontarget", "Non-target"],
  ["non target", "Non-target"],
  ["new lesion", "New lesion"],
  ["new", "New lesion"],
  ["new-lesion", "New lesion"],
]);

/** `Target`, `Non-target` or `New lesion`, in any case and with either spelling of the hyphen; else null. */
export function lesionCategory(text: string | null | undefined): LesionCategory | null {
  const wanted = text?.trim().toLowerCase().replace(/\s+/g, " ");
  return wanted ? (CATEGORIES.get(wanted) ?? null) : null;
}

// A node named in words: `lymph node(s)`, `lymph gland(s)`, `node(s)`, `nodal`, any case; `LN`/`LNs` in capitals.
// Whole words only, so that `Lung nodule`, `nodular` and `lymphangitic spread` are not nodes.
const NODE_WORDS = /\b(?:lymph[\s-]*(?:nodes?|glands?)|lymphnodes?|nodes?|nodal)\b/i;
const NODE_ABBREVIATION = /\bLNs?\b/;

/** A lymph node recognised by the words of its organ or site (`Lymph node`, `Mediastinal nodes`, `Axillary LN`). */
export function isNodeSite(organ: string | null | undefined): boolean {
  return typeof organ === "string" && (NODE_WORDS.test(organ) || NODE_ABBREVIATION.test(organ));
}

/** SNOMED CT 59441001, "Structure of lymph node". */
export const SNOMED_LYMPH_NODE = "59441001";
const SNOMED = /snomed/i;

/** A measurement of the short axis (how RECIST 1.1 measures a node), named in words. */
const SHORT_AXIS = /\bshort[\s-]*axis\b/i;

type Concept = { coding?: unknown; text?: unknown };

/** The codings and text of a FHIR CodeableConcept (or a list of them) read tolerantly: anything else gives none. */
function conceptsOf(value: unknown): Concept[] {
  const list = Array.isArray(value) ? value : [value];
  return list.filter((c): c is Concept => typeof c === "object" && c !== null);
}

function conceptSays(value: unknown, words: (text: string) => boolean, code?: string): boolean {
  return conceptsOf(value).some((c) => {
    if (typeof c.text === "string" && words(c.text)) return true;
    const codings = Array.isArray(c.coding) ? c.coding : [];
    return codings.some((x: { system?: unknown; code?: unknown; display?: unknown } | null) => {
      if (typeof x !== "object" || x === null) return false;
      if (code !== undefined && x.code === code && (typeof x.system !== "string" || SNOMED.test(x.system))) return true;
      return typeof x.display === "string" && words(x.display);
    });
  });
}

/**
 * A lymph node by the lesion's own attributes, where the record carries them: its `bodySite` (SNOMED CT 59441001,
 * or a coding or text naming a lymph node), or its `method` or `code` naming a short-axis measurement. Else by
 * the words of its organ (isNodeSite).
 */
export function isNodeLesion(o: ObservationResource, organ: string | null): boolean {
  const shortAxis = (text: string) => SHORT_AXIS.test(text);
  return (
    conceptSays(o.bodySite, isNodeSite, SNOMED_LYMPH_NODE) ||
    conceptSays(o.method, shortAxis) ||
    conceptSays(o.code, shortAxis) ||
    isNodeSite(organ)
  );
}

/**
 * The assessment of a lesion ID `<case_id>-<assessment_id>-<label>`: the ID without its label and its case
 * number. Null when the ID has another shape; the join then falls back on the subject and date.
 */
export function assessmentKeyOf(lesionId: string | null, label: string | null): string | null {
  if (lesionId === null || label === null || !lesionId.endsWith(`-${label}`)) return null;
  const rest = lesionId.slice(0, -label.length - 1);
  const caseEnd = rest.indexOf("-");
  const key = caseEnd < 0 ? "" : rest.slice(caseEnd + 1);
  return key === "" ? null : key;
}

const text = (s: string | undefined, intern: Intern) => (s === undefined || s.trim() === "" ? null : intern(s.trim()));

export function lesionRow(o: ObservationResource, intern: Intern = noIntern): LesionRow {
  const ext = (name: string) => text(extensionText(o.extension, name), intern);
  const key = text(identifierByName(o.identifier, "LesionIdentifier") ?? o.identifier?.[0]?.value ?? o.id, noIntern);
  const label = ext("Label") ?? labelFromKey(key);
  const organ = ext("Organ");
  const categoryText = ext("Category");
  const value = o.valueQuantity?.value;
  return {
    key,
    subjectId: subjectOf(o.subject.reference, intern),
    assessmentKey: assessmentKeyOf(key, label),
    label,
    category: lesionCategory(categoryText),
    categoryText,
    organ,
    node: isNodeLesion(o, organ),
    state: ext("State"),
    value: typeof value === "number" && Number.isFinite(value) ? value : null,
    unit: text(o.valueQuantity?.unit, intern),
    date: calendarDate(o.effectiveDateTime),
  };
}

/** Without a `#Label`, the last part of the lesion ID (`T1` of `3102-A-004002-T1`). */
function labelFromKey(key: string | null): string | null {
  const at = key?.lastIndexOf("-") ?? -1;
  return key !== null && at >= 0 && at < key.length - 1 ? key.slice(at + 1) : null;
}

/** Why a lesion row cannot take part in any response: no subject, or a category none of the three. */
export function lesionProblem(row: LesionRow): string | null {
  if (row.subjectId === null) return "names no subject";
  if (row.category === null) return row.categoryText === null ? "has no category" : "has an unknown category";
  return null;
}

/** How many rows cannot be used, in all and by reason. */
export function unreadLesions(rows: readonly LesionRow[]): { count: number; byReason: Map<string, number> } {
  const byReason = new Map<string, number>();
  let count = 0;
  for (const row of rows) {
    const problem = lesionProblem(row);
    if (problem === null) continue;
    count++;
    byReason.set(problem, (byReason.get(problem) ?? 0) + 1);
  }
  return { count, byReason };
}
