"use client";
/**
 * The chart and the subject listing of the liver view in one client
 * component, so that the plotted rows travel to the browser once (a study of
 * a thousand subjects sends a thousand rows, not two or three copies). The
 * listing shows the quadrant the URL names (`quadrant=`), or every plotted
 * subject.
 */
import Link from "next/link";
import { DataTable } from "@/components/data-table/DataTable";
import { type EdishParams, QUADRANT_LABEL, type Quadrant } from "@/lib/clinical/edish";
import { csvFileName } from "@/lib/export/csv";
import { EdishChart } from "./EdishChart";
import { type LiverRow, liverColumns } from "./liver-rows";

interface Props {
  rows: LiverRow[];
  params: EdishParams;
  study: string;
  quadrant: Quadrant | null;
  /** The view's address without the quadrant: "show every subject". */
  allHref: string;
}

export function EdishPanel({ rows, params, study, quadrant, allHref }: Props) {
  const listed = quadrant ? rows.filter((r) => r.quadrantKey === quadrant) : rows;
  const what = quadrant ? QUADRANT_LABEL[quadrant] : "every quadrant";
  return (
    <>
      <EdishChart rows={rows} params={params} study={study} />
      <section aria-labelledby="liver-subjects-title">
        <h4 id="liver-subjects-title">
          Subjects in {what} ({listed.length})
        </h4>
        {quadrant ? (
          <p>
            <Link href={allHref}>Show the subjects of every quadrant</Link>
          </p>
        ) : null}
        <DataTable
          caption={`Subjects of study ${study} in ${what}, by peak ${params.transaminase} and total bilirubin ×ULN`}
          columns={liverColumns(params)}
          rows={listed}
          fileName={csvFileName("liver-subjects", study, quadrant ?? "all")}
          urlPrefix="subj_"
        />
      </section>
    </>
  );
}
