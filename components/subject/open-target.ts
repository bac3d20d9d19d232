/**
 * Opening a record of the subject profile from a chart (the timeline, the trend's adverse-event onsets): its table
 * below filtered to it (the table follows its URL state), scrolled into view. Browser only.
 */
import type { ItemTarget } from "./timeline-items";

export function openTarget(open: ItemTarget): void {
  const url = new URL(window.location.href);
  if ("prefix" in open) {
    for (const key of [...url.searchParams.keys()])
      if (key.startsWith(`${open.prefix}f_`) || key === `${open.prefix}q` || key === `${open.prefix}page`)
        url.searchParams.delete(key);
    url.searchParams.set(`${open.prefix}f_${open.column}`, open.value);
  }
  url.hash = open.anchor;
  // A new history entry (Back returns to the unfiltered table); null state, so that Next.js's router and the
  // table's URL state follow (components/data-table/use-url-state.ts).
  window.history.pushState(null, "", url);
  document.getElementById(open.anchor)?.scrollIntoView({ block: "start" });
}
