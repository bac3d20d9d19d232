/**
 * What a saved view names (docs/review.md, Saved views): a page of the study, by its address below the study's (so
 * that a colleague opens it through their own connection), with its query but not its snapshot, which the view keeps
 * apart; and what records that page shows, by record type and subject, for the changes since it was saved.
 */

import { MAX_PATH, MAX_QUERY, type ViewAddress } from "@/lib/review/views-store";
import { CHANGED_RECORD_TYPES, type ChangedRecordType } from "@/lib/snapshots/changes";
import { SECTION_SLUGS, type SectionSlug, sectionHref } from "@/sections/frame/addresses";
import { SNAPSHOT_PARAM } from "@/sections/frame/study-filter";

/** The record types each section's pages show; a page of one subject shows that subject's only. */
const SHOWN: Record<Exclude<SectionSlug, "views">, readonly ChangedRecordType[]> = {
  "": CHANGED_RECORD_TYPES,
  subjects: CHANGED_RECORD_TYPES,
  "adverse-events": ["AdverseEvent"],
  laboratory: ["laboratory"],
  "vital-signs": ["vital-signs"],
  medications: ["MedicationStatement"],
  "tumour-response": ["DiagnosticReport", "imaging"],
  "data-checks": CHANGED_RECORD_TYPES,
  changes: CHANGED_RECORD_TYPES,
};

const SEGMENT = /^[A-Za-z0-9._~%-]{1,200}$/;
const MAX_SEGMENTS = 4;

/** A page's address, read: its path below the study and its query without the snapshot, and the snapshot it names. */
export type PageAddress = Omit<ViewAddress, "snapshot"> & { snapshot: number | null };

/**
 * The page at `address` (a path with its query, as the browser shows it) if it is a page of the study at
 * `studyHref` that a view can name; null otherwise (another study's, no section's, the saved views' own, too long).
 */
export function pageAddressOf(studyHref: string, address: string): PageAddress | null {
  let url: URL;
  try {
    url = new URL(address, "http://portal.invalid");
  } catch {
    return null;
  }
  if (url.origin !== "http://portal.invalid") return null;
  const below = url.pathname === studyHref ? "" : url.pathname.startsWith(`${studyHref}/`) ? url.pathname : null;
  if (below === null) return null;
  const path = below.slice(studyHref.length + 1);
  if (path.length > MAX_PATH || !scopeOf(path)) return null;
  const params = url.searchParams;
  const snapshotText = params.get(SNAPSHOT_PARAM);
  const snapshot = snapshotText !== null && /^[1-9]\d{0,14}$/.test(snapshotText) ? Number(snapshotText) : null;
  if (snapshotText !== null && snapshot === null) return null;
  params.delete(SNAPSHOT_PARAM);
  const query = params.toString();
  return query.length > MAX_QUERY ? null : { path, query, snapshot };
}

/** What a page shows: its record types and, on a page of one subject, that subject; null: no page a view names. */
export function scopeOf(path: string): { recordTypes: readonly ChangedRecordType[]; subject: string | null } | null {
  const segments = path === "" ? [""] : path.split("/");
  const [slug, ...below] = segments;
  if (segments.length > MAX_SEGMENTS || (path !== "" && !segments.every((s) => SEGMENT.test(s)))) return null;
  const section = SECTION_SLUGS.find((s) => s === slug && s !== "views");
  if (section === undefined) return null;
  const at = below.indexOf("subjects");
  const subjectSegment = slug === "subjects" ? below[0] : at >= 0 ? below[at + 1] : undefined;
  let subject: string | null = null;
  if (subjectSegment !== undefined) {
    try {
      subject = decodeURIComponent(subjectSegment);
    } catch {
      return null;
    }
  }
  return { recordTypes: SHOWN[section as Exclude<SectionSlug, "views">], subject };
}

/** The view's page, at its saved snapshot (`snapshot`) or with the latest data (null). */
export function viewPageHref(studyHref: string, view: Omit<ViewAddress, "snapshot">, snapshot: number | null): string {
  const params = new URLSearchParams(view.query);
  if (snapshot !== null) params.set(SNAPSHOT_PARAM, String(snapshot));
  const search = params.toString();
  return `${sectionHref(studyHref, view.path)}${search ? `?${search}` : ""}`;
}
