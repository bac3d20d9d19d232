/**
 * Reading the partner's FHIR-style records tolerantly: a real service may spell
 * extension names in another case (the specification itself has both
 * `SponsorID` and `SponsorId`: docs/partner-service.md, Decisions where the
 * specification is silent), use another structure base, or add extensions we do
 * not know; none of that may break a view.
 */
import type { Extension } from "@/partner-api/resources";

type Identifier = { system?: string; value: string };

const VALUE_KEYS = [
  "valueString",
  "valueCode",
  "valueInteger",
  "valueDecimal",
  "valueDateTime",
  "valueBoolean",
] as const;

/** The part of an extension URL or identifier system after `#`, lower-cased; undefined when there is no fragment. */
function fragmentOf(url: string | undefined): string | undefined {
  const at = url?.lastIndexOf("#") ?? -1;
  return at < 0 ? undefined : url!.slice(at + 1).toLowerCase();
}

/** The value of the first extension named `<any base>#<name>`, as text; undefined when absent or empty. */
export function extensionText(extensions: readonly Extension[] | undefined, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const e of extensions ?? []) {
    if (fragmentOf(e.url) !== wanted) continue;
    for (const key of VALUE_KEYS) {
      const v = e[key];
      if (typeof v === "string" && v.trim() !== "") return v.trim();
      if (typeof v === "number" || typeof v === "boolean") return String(v);
    }
  }
  return undefined;
}

/** The value of the identifier whose system ends in `#<name>` (any case). */
export function identifierByName(identifiers: readonly Identifier[] | undefined, name: string): string | undefined {
  const wanted = name.toLowerCase();
  return identifiers?.find((i) => fragmentOf(i.system) === wanted)?.value;
}

const referencePatterns = new Map<string, RegExp>();
// A study's million records refer to its thousand subjects: each reference is read once, then looked up.
const referenceIds = new Map<string, Map<string, string | undefined>>();
const REMEMBERED_REFERENCES = 100_000;

function readReferenceId(reference: string, type: string): string | undefined {
  let pattern = referencePatterns.get(type);
  if (!pattern) {
    pattern = new RegExp(`(?:^|/)${type}/([^/?#]+)`);
    referencePatterns.set(type, pattern);
  }
  const match = pattern.exec(reference);
  if (!match) return undefined;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return match[1];
  }
}

/**
 * The ID in a reference to a resource type: `Patient/X`, also absolute
 * (`https://host/fhir/Patient/X`) or versioned (`Patient/X/_history/2`).
 */
export function referenceId(reference: string | undefined, type: string): string | undefined {
  if (!reference) return undefined;
  let known = referenceIds.get(type);
  if (!known) {
    known = new Map();
    referenceIds.set(type, known);
  }
  if (known.has(reference)) return known.get(reference);
  if (known.size >= REMEMBERED_REFERENCES) known.clear();
  const id = readReferenceId(reference, type);
  known.set(reference, id);
  return id;
}

export type Intern = (s: string) => string;
export const noIntern: Intern = (s) => s;

/** The subject a record refers to, interned; null when the reference names no Patient. */
export function subjectOf(reference: string, intern: Intern = noIntern): string | null {
  const id = referenceId(reference, "Patient");
  return id === undefined ? null : intern(id);
}
