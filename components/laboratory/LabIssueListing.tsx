/**
 * The study's results that a data note counts (`issue=` in the URL), over every test: what the note's count
 * opens, so that the number in the note is the number of rows here. Shown with the test overview.
 */
import Link from "next/link";
import { ISSUE_TITLE } from "@/lib/clinical/measurement-issues";
import type { LaboratoryView } from "@/lib/study-views/load-laboratory";
import { MeasurementTable } from "../study/MeasurementTable";
import { ISSUE_ANCHOR } from "./laboratory-notes";

interface Props {
  issue: NonNullable<LaboratoryView["issue"]>;
  base: string;
  study: string;
  studyHref: string;
  params: URLSearchParams;
}

export function LabIssueListing({ issue, base, study, studyHref, params }: Props) {
  const title = ISSUE_TITLE[issue.issue];
  return (
    <section aria-labelledby={ISSUE_ANCHOR}>
      <h3 id={ISSUE_ANCHOR}>
        {title} ({issue.rows.length.toLocaleString("en")})
      </h3>
      <p>
        The results of every test that the data note counts. <Link href={base}>Close this listing</Link>
      </p>
      <MeasurementTable
        rows={issue.rows}
        params={params}
        studyHref={studyHref}
        caption={`${title} in study ${study}, every test`}
      />
    </section>
  );
}
