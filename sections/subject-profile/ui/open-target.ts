/**
 * Opening a record of the subject profile from a chart (the timeline, the trend's adverse-event onsets and
 * vital-sign points): its table filtered to it (the table follows its URL state; a chart's data table is opened
 * first), scrolled into view. Browser only.
 */
import { focusWhenShown } from "./focus-when-shown";
import type { AnchorTarget } from "./timeline-items";

export function openTarget(open: AnchorTarget): void {
  const url = new URL(window.location.href);
  if ("prefix" in open) {
    for (const key of [...url.searchParams.keys()])
      if (key.startsWith(`${open.prefix}f_`) || key === `${open.prefix}q` || key === `${open.prefix}page`)
        url.searchParams.delete(key);
    url.searchParams.set(`${open.prefix}f_${open.column}`, open.value);
    if (open.open) url.searchParams.set(open.open, "1");
  }
  url.hash = open.anchor;
  // A new history entry (Back returns to the unfiltered table); null state, so that Next.js's router and the
  // table's URL state follow (components/data-table/use-url-state.ts).
  window.history.pushState(null, "", url);
  // A chart's data table is shown once it has followed the URL: brought into view then.
  if ("open" in open && open.open) focusWhenShown(open.anchor);
  else document.getElementById(open.anchor)?.scrollIntoView({ block: "start" });
}
