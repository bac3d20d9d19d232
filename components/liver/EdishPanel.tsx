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
import { DataTable } from "@/components/data-table/DataTable";
import { type EdishParams, QUADRANT_LABEL, type Quadrant } from "@/lib/clinical/edish";
import { csvFileName } from "@/lib/export/csv";
import { EdishChart } from "./EdishChart";
import { type LiverRow, liverColumns, SUBJECTS_ANCHOR } from "./liver-rows";

interface Props {
  rows: LiverRow[];
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

export function EdishPanel({ rows, params, study, quadrant, concurrent, allHref, quadrantHref }: Props) {
  const listed = rows.filter(
    (r) => (quadrant === null || r.quadrantKey === quadrant) && (!concurrent || r.concurrent === "Yes"),
  );
  const where = quadrant ? QUADRANT_LABEL[quadrant] : "every quadrant";
  const what = `${where}${concurrent ? ` with concurrent peaks (within ${params.concurrentDays} days)` : ""}`;
  return (
    <>
      <EdishChart rows={rows} params={params} study={study} />
      <section aria-labelledby={SUBJECTS_ANCHOR}>
        <h4 id={SUBJECTS_ANCHOR}>
          Subjects in {what} ({listed.length})
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
        <DataTable
          caption={`Subjects of study ${study} in ${what}, by peak ${params.transaminase} and total bilirubin ×ULN`}
          columns={liverColumns(params)}
          rows={listed}
          fileName={csvFileName("liver-subjects", study, quadrant ?? "all", ...(concurrent ? ["concurrent"] : []))}
          urlPrefix="subj_"
        />
      </section>
    </>
  );
}
