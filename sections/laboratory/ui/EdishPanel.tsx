"use client";
/**
 * The chart and the subject listing of the liver view in one client
 * component, so that the plotted rows travel to the browser once (a study of
 * a thousand subjects sends a thousand rows, not two or three copies). The
 * listing shows the quadrant the URL names (`quadrant=`), or every plotted
 * subject, and of them only those with concurrent peaks when the URL says
 * so (`concurrent=1`: what a count of concurrent peaks opens).
 */
import Link from "next/link";
import { useMemo } from "react";
import { DataTable } from "@/components/data-table/DataTable";
import type { EdishParams, Quadrant } from "@/lib/clinical/liver/edish";
import { type PackedRows, unpackRows } from "@/lib/tables/packed-rows";
import { withHrefAround } from "@/lib/tables/table-def";
import { liverSubjectsTable } from "../liver-tables";
import { EdishChart } from "./EdishChart";
import { type LiverRow, SUBJECTS_ANCHOR } from "./liver-rows";

interface Props {
  /** Packed by the server (lib/tables/packed-rows.ts): a row per plotted subject. */
  rows: PackedRows<LiverRow>;
  /** The address around each row's own part of its subject's link (liverAround). */
  subjectAround: readonly [string, string];
  params: EdishParams;
  study: string;
  quadrant: Quadrant | null;
  /** Only the subjects whose peaks are concurrent. */
  concurrent: boolean;
  /** The view's address without the quadrant or concurrency: "show every subject". */
  allHref: string;
  /** The quadrant's listing, concurrent or not. */
  quadrantHref: string;
}

export function EdishPanel({
  subjectAround,
  params,
  study,
  quadrant,
  concurrent,
  allHref,
  quadrantHref,
  ...packed
}: Props) {
  const rows = useMemo(() => unpackRows(packed.rows), [packed.rows]);
  const { what, where, ...table } = liverSubjectsTable(rows, params, study, { quadrant, concurrent });
  const columns = withHrefAround(table.columns, { subject__href: subjectAround });
  return (
    <>
      <EdishChart rows={rows} subjectAround={subjectAround} params={params} />
      <section aria-labelledby={SUBJECTS_ANCHOR}>
        <h4 id={SUBJECTS_ANCHOR}>
          Subjects in {what} ({table.rows.length})
        </h4>
        {quadrant || concurrent ? (
          <p>
            {concurrent && quadrant ? (
              <>
                <Link href={quadrantHref}>Show every subject in {where}</Link> ·{" "}
              </>
            ) : null}
            <Link href={allHref}>Show the subjects of every quadrant</Link>
          </p>
        ) : null}
        <DataTable {...table} columns={columns} exportAs={{ view: "laboratory/liver", table: "subjects" }} />
      </section>
    </>
  );
}
