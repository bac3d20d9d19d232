/**
 * A listing of laboratory or vital-sign results over every test or item, opened by an address and closed by a link
 * back to the section without it: the results a data note counts (./IssueListing.tsx), or those of one visit
 * (./VisitListing.tsx). Its heading states how many results it holds.
 */
import Link from "next/link";
import type { MeasurementRow } from "@/lib/clinical/measurements/rows";
import type { ExportKey } from "../export-keys";
import { MeasurementTable } from "./MeasurementTable";

export interface AcrossTestsProps {
  rows: readonly MeasurementRow[];
  /** The id of the listing's heading, where the links that open it lead. */
  anchor: string;
  /** Where the listing closes: the section without it. */
  closeHref: string;
  /** What the results' test is called in the table ("Test", "Item"). */
  testHeader: string;
  studyHref: string;
  searchParams: URLSearchParams;
  /** The listing among the server's exports. */
  exportAs: ExportKey;
}

interface Props extends AcrossTestsProps {
  /** The heading's words, before the count. */
  title: string;
  /** What the listing holds, in a sentence before the link that closes it. */
  lead: string;
  caption: string;
  /** Each result's row element ID, where a link may open it (only one listing of a page may give them). */
  rowId?: (row: MeasurementRow) => string;
}

export function AcrossTestsListing({ title, lead, anchor, closeHref, rows, ...table }: Props) {
  return (
    <section aria-labelledby={anchor}>
      <h3 id={anchor}>
        {title} ({rows.length.toLocaleString("en")})
      </h3>
      <p>
        {lead} <Link href={closeHref}>Close this listing</Link>
      </p>
      <MeasurementTable rows={rows} {...table} countStated />
    </section>
  );
}
