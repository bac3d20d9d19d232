"use client";
/**
 * The chart and the subject listing of the Liver safety page in one client
 * component, so that the plotted rows travel to the browser once (a study of
 * a thousand subjects sends a thousand rows, not two or three copies). The
 * listing shows the quadrant the URL names (`quadrant=`), or every plotted
 * subject, and of them only those with concurrent peaks when the URL says
 * so (`concurrent=1`: what a count of concurrent peaks opens), or only those
 * a data note counts (`only=`: what its count opens).
 */
import Link from "next/link";
import { useMemo } from "react";
import { DataTable } from "@/components/data-table/DataTable";
import type { EdishParams, Quadrant } from "@/lib/clinical/liver/edish";
import { type PackedRows, unpackRows } from "@/lib/tables/packed-rows";
import { withHrefAround } from "@/lib/tables/table-def";
import { type OnlySubjects, SUBJECTS_ANCHOR } from "../liver-query";
import { LIVER_TABLES, type LiverRow, liverSubjectsTable } from "../liver-tables";
import { EdishChart } from "./EdishChart";

interface Props {
  /** Packed by the server (lib/tables/packed-rows.ts): a row per plotted subject. */
  rows: PackedRows<LiverRow>;
  /** The address around each row's own part of its subject's link (liverAround). */
  subjectAround: readonly [string, string];
  settings: EdishParams;
  study: string;
  quadrant: Quadrant | null;
  /** Only the subjects whose peaks are concurrent. */
  concurrent: boolean;
  /** Only the subjects a data note counts. */
  only: OnlySubjects | null;
  /** The page's address without the quadrant or concurrency: "show the subjects of every quadrant". */
  everyQuadrantHref: string;
  /** The quadrant's listing, concurrent or not: "show every subject in" the quadrant. */
  wholeQuadrantHref: string;
}

export function EdishPanel({
  subjectAround,
  settings,
  study,
  quadrant,
  concurrent,
  only,
  everyQuadrantHref,
  wholeQuadrantHref,
  ...packed
}: Props) {
  const rows = useMemo(() => unpackRows(packed.rows), [packed.rows]);
  const { what, where, ...table } = liverSubjectsTable(rows, settings, study, { quadrant, concurrent, only });
  const columns = withHrefAround(table.columns, { subject__href: subjectAround });
  return (
    <>
      <EdishChart rows={rows} subjectAround={subjectAround} settings={settings} />
      <section aria-labelledby={SUBJECTS_ANCHOR}>
        <h4 id={SUBJECTS_ANCHOR}>
          Subjects in {what} ({table.rows.length})
        </h4>
        {quadrant || concurrent || only ? (
          <p>
            {concurrent && quadrant ? (
              <>
                <Link href={wholeQuadrantHref}>Show every subject in {where}</Link> ·{" "}
              </>
            ) : null}
            <Link href={everyQuadrantHref}>Show the subjects of every quadrant</Link>
          </p>
        ) : null}
        <DataTable {...table} columns={columns} exportAs={LIVER_TABLES.key("subjects")} />
      </section>
    </>
  );
}
