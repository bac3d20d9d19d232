/**
 * The medications listing with its quick filter for open-ended ("ongoing")
 * records and the drug a count chose, both in the URL. A study with few
 * records gets the browser's table (with its CSV of every filtered row); a
 * large one the server's, which sends one page.
 */
import Link from "next/link";
import { DataTable } from "@/components/data-table/DataTable";
import { ServerDataTable } from "@/components/data-table/ServerDataTable";
import { csvFileName } from "@/lib/export/csv";
import type { MedicationsView } from "@/lib/study-views/load-medications";
import { type TableColumn, tablePage } from "@/lib/tables/server-table";
import { DEFAULT_PAGE_SIZES, parseTableState, type TableUrlState } from "@/lib/tables/url-state";
import type { SectionPlace } from "../study/section-page";
import { LISTING_ANCHOR, medicationHref } from "./medication-href";
import { LISTING_PREFIX, medicationColumns } from "./medication-listing";

/** Up to this many records in the study, the listing goes to the browser whole; above, the server pages it. */
export const CLIENT_TABLE_MAX = 3000;

export function MedicationListing({ view, place }: { view: MedicationsView; place: SectionPlace }) {
  const columns = medicationColumns(place.studyHref, (id) => view.memberSubjects.has(id));
  const { drug, ongoing } = view.filter;
  const narrowed = `${drug !== undefined ? `: ${drug}` : ""}${ongoing ? ", ongoing only" : ""}`;
  const caption = `Medications of study ${place.study}${narrowed}`;
  const quick = [
    { title: "All records", href: medicationHref(place.base, { drug, ongoing: false }), current: !ongoing },
    { title: "Ongoing (open-ended) only", href: medicationHref(place.base, { drug, ongoing: true }), current: ongoing },
  ];
  const client = view.counts.records <= CLIENT_TABLE_MAX;
  return (
    <section aria-labelledby={LISTING_ANCHOR}>
      <h3 id={LISTING_ANCHOR}>Listing</h3>
      <nav aria-label="Medication records shown">
        <ul style={{ display: "flex", gap: "1rem", listStyle: "none", padding: 0 }}>
          {quick.map((q) => (
            <li key={q.title}>
              <Link
                href={q.href}
                aria-current={q.current ? "page" : undefined}
                style={q.current ? { fontWeight: 700 } : undefined}
              >
                {q.title}
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
        <ClientListing view={view} columns={columns} caption={caption} study={place.study} />
      ) : (
        <ServerDataTable
          caption={caption}
          page={tablePage(view.listing, columns, serverState(place.params, columns))}
          urlPrefix={LISTING_PREFIX}
        />
      )}
    </section>
  );
}

type Columns = TableColumn<MedicationsView["listing"][number]>[];

function serverState(params: URLSearchParams, columns: Columns): TableUrlState {
  const opts = { columns: columns.map((c) => c.id), pageSizes: [...DEFAULT_PAGE_SIZES], prefix: LISTING_PREFIX };
  return parseTableState(params, opts);
}

/** Every filtered record to the browser: one page as long as the listing gives the plain rows and their links. */
function ClientListing({
  view,
  columns,
  caption,
  study,
}: {
  view: MedicationsView;
  columns: Columns;
  caption: string;
  study: string;
}) {
  const all = tablePage(view.listing, columns, {
    sorting: [],
    columnFilters: [],
    globalFilter: "",
    pageIndex: 0,
    pageSize: Math.max(1, view.listing.length),
  });
  return (
    <DataTable
      caption={caption}
      columns={all.columns}
      rows={all.rows}
      fileName={csvFileName("medications", study)}
      urlPrefix={LISTING_PREFIX}
    />
  );
}
