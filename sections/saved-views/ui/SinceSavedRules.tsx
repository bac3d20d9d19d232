/** How a saved view's changes since it was saved are counted (docs/review.md, Saved views), in words. */
export function SinceSavedRules() {
  return (
    <p>
      A view keeps its page&apos;s address (study filter, tables&apos; filters and sorting) and the study snapshot the
      page showed. What changed since compares that snapshot with the latest, as the Changes section compares two: the
      records added, changed and removed of the record types its page shows (all of them on the overview, the subject
      list, a subject&apos;s profile, the data checks and Changes), of the subjects its study filter keeps, and on a
      page of one subject of that subject. A table&apos;s own filters on the page do not narrow the count: open the view
      to see which of its rows are new.
    </p>
  );
}
