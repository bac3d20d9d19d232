/**
 * A changed record in words, under its review status (docs/review.md, Changed since reviewed): when the user
 * reviewed it, and each field that differs between the version reviewed and the one served now, before and after.
 */
import { utcDateTimeWords } from "@/lib/clinical/common/date-time";
import type { RecordChange } from "@/lib/snapshots/changes";

/** Fields named one by one; the rest are counted. */
const FIELDS_NAMED = 5;
/** A value's words at most; a longer one is cut with "…". */
const VALUE_CHARS = 40;

function valueWords(v: unknown): string {
  if (v === null || v === undefined || v === "") return "(blank)";
  const text = typeof v === "string" ? v : JSON.stringify(v);
  return text.length > VALUE_CHARS ? `${text.slice(0, VALUE_CHARS - 1)}…` : text;
}

export const reviewedWhen = (at: string) => `Reviewed ${utcDateTimeWords(at)} UTC`;

/** "Reviewed 23 Nov 2026, 10:05 UTC; since: grade 2 → 3, end (blank) → 2026-10-01". */
export function changeWords(at: string, change: Pick<RecordChange, "fields" | "before" | "after">): string {
  const named = change.fields
    .slice(0, FIELDS_NAMED)
    .map((f) => `${f} ${valueWords(change.before?.[f])} → ${valueWords(change.after?.[f])}`);
  const more = change.fields.length - FIELDS_NAMED;
  const rest = more > 0 ? `, and ${more} more field${more === 1 ? "" : "s"}` : "";
  return `${reviewedWhen(at)}; since: ${named.join(", ")}${rest}`;
}

/** A changed record whose reviewed version the portal no longer holds (its snapshot was not kept, or was deleted). */
export const changeNotKept = (at: string) =>
  `${reviewedWhen(at)}; the version reviewed is no longer kept, so what changed cannot be shown.`;
