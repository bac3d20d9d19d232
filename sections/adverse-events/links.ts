/**
 * The addresses of the adverse-event view (its URL state: sections/adverse-events/query.ts). A count
 * opens the listing filtered to the records behind it: the link replaces the listing's filters, its column
 * filters, search and page (they could hide some of those records) and keeps the rest of the view (subgroup,
 * minimum incidence, the orders, the page size). No imports but the parameter names: safe for client components.
 */

import type { AdverseEventsView } from "@/sections/adverse-events/load";
import { LISTING_PARAMS, LISTING_PREFIX } from "@/sections/adverse-events/query";
import { AE_LISTING } from "@/sections/frame/addresses";

/** What each part of the view gets: the loaded view, the section's path and the page's query (its state). */
export interface AeViewProps {
  view: AdverseEventsView;
  path: string;
  current: URLSearchParams;
}

/** The listing's section on the page. */
export const LISTING_ANCHOR = AE_LISTING.anchor;
/** The table by term on the page. */
export const BY_TERM_ANCHOR = "ae-by-term";

export type ListingParams = Partial<Record<(typeof LISTING_PARAMS)[number], string>>;

const href = (path: string, query: URLSearchParams, hash = "") => {
  const q = query.toString();
  return `${path}${q ? `?${q}` : ""}${hash}`;
};

/** The listing filtered by exactly these parameters. */
export function listingHref(path: string, current: URLSearchParams, filter: ListingParams): string {
  const next = new URLSearchParams();
  const dropped = (key: string) =>
    (LISTING_PARAMS as readonly string[]).includes(key) ||
    key === `${LISTING_PREFIX}page` ||
    key === `${LISTING_PREFIX}q` ||
    key.startsWith(`${LISTING_PREFIX}f_`);
  current.forEach((value, key) => {
    if (!dropped(key)) next.append(key, value);
  });
  for (const [key, value] of Object.entries(filter)) if (value !== undefined) next.set(key, value);
  return href(path, next, `#${LISTING_ANCHOR}`);
}

/** The listing with its current filters changed (a quick filter on or off, one filter removed); page 1. */
export function listingChangeHref(path: string, current: URLSearchParams, change: Record<string, string | null>) {
  return viewHref(path, current, { ...change, [`${LISTING_PREFIX}page`]: null }, `#${LISTING_ANCHOR}`);
}

/** The view with some of its other parameters set or removed (null), the listing untouched. */
export function viewHref(path: string, current: URLSearchParams, change: Record<string, string | null>, hash = "") {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(change)) {
    if (value === null) next.delete(key);
    else next.set(key, value);
  }
  return href(path, next, hash);
}
