/**
 * The note above a listing that a link narrowed (a count, a chart's mark, a table's cell): which records it shows,
 * and the way back to all of them, so that nobody takes a part for the whole.
 */
import Link from "next/link";
import type { ReactNode } from "react";

export function OnlyTheseRecords({ what, allHref, children }: { what: string; allHref: string; children: ReactNode }) {
  return (
    <p>
      Only {what}. <Link href={allHref}>{children}</Link>
    </p>
  );
}
