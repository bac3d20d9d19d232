/**
 * The medications listing with its quick filter for open-ended ("ongoing")
 * records and the drug a count chose, both in the URL. A study with few
 * records gets the browser's table (with its CSV of every filtered row); a
 * large one the server's, which sends one page.
 */
import Link from "next/link";
import { DataTable } from "@/components/data-table/DataTable";
import { ServerDataTable } from "@/components/data-table/ServerDataTable";
import uiStyles from "@/components/ui/ui.module.css";
import type { MedicationRow } from "@/lib/clinical/medications/rows";
import { packRows } from "@/lib/tables/packed-rows";
import { tablePage } from "@/lib/tables/server-table";
import type { TableDef } from "@/lib/tables/table-def";
import { defaultState, parseTableState } from "@/lib/tables/url-state";
import type { SectionPlace } from "@/sections/frame/section-place";
import type { MedicationsView } from "../load";
import { LISTING_ANCHOR, LISTING_PREFIX, medicationHref } from "../query";
import { MEDICATION_TABLES, medicationListingCaption, medicationListingDef } from "../tables";
import styles from "./medications.module.css";

/** Up to this many records in the study, the listing goes to the browser whole; above, the server pages it. */
export const CLIENT_TABLE_MAX = 3000;

export function MedicationListing({ view, place }: { view: MedicationsView; place: SectionPlace }) {
  const def = medicationListingDef(view, place.studyHref);
  const { drug, ongoing } = view.filter;
  const caption = medicationListingCaption(view, place.study);
  const quick = [
    { title: "All records", href: medicationHref(place.base, { drug, ongoing: false }), current: !ongoing },
    { title: "Ongoing (open-ended) only", href: medicationHref(place.base, { drug, ongoing: true }), current: ongoing },
  ];
  const client = view.counts.records <= CLIENT_TABLE_MAX;
  return (
    <section aria-labelledby={LISTING_ANCHOR}>
      <h3 id={LISTING_ANCHOR}>Listing</h3>
      <nav aria-label="Medication records shown">
        <ul className={uiStyles.inlineList}>
          {quick.map((link) => (
            <li key={link.title}>
              <Link
                href={link.href}
                aria-current={link.current ? "page" : undefined}
                className={link.current ? styles.current : undefined}
              >
                {link.title}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {drug !== undefined ? (
        <p>
          Only the records of {drug}. <Link href={medicationHref(place.base, { ongoing })}>Show every drug</Link>
        </p>
      ) : null}
      {client ? (
        <ClientListing def={def} caption={caption} />
      ) : (
        <ServerDataTable
          caption={caption}
          page={tablePage(def.rows, def.columns, parseTableState(place.searchParams, def.state!))}
          urlPrefix={LISTING_PREFIX}
          exportAs={EXPORT}
        />
      )}
    </section>
  );
}

const EXPORT = MEDICATION_TABLES.key("listing");

/** Every filtered record to the browser, as plain rows with their links. */
function ClientListing({ def, caption }: { def: TableDef<MedicationRow>; caption: string }) {
  const all = tablePage(def.rows, def.columns, { ...defaultState(def.state!), pageSize: Math.max(1, def.rows.length) });
  return (
    <DataTable
      caption={caption}
      columns={all.columns}
      rows={packRows(all.rows)}
      urlPrefix={LISTING_PREFIX}
      exportAs={EXPORT}
    />
  );
}
