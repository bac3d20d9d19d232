/**
 * The count table of the eDISH quadrants: per quadrant its rule, its marker
 * on the chart, n (% of the evaluable subjects), how many of them have
 * concurrent peaks, and its subjects. Each count opens the subject listing
 * filtered to that quadrant (and to concurrent peaks for their count, all in
 * the URL); each subject opens its profile. A possible Hy's law subject has
 * its pattern of injury beside it (./LiverSafetyPatterns.tsx has the detail).
 */
import Link from "next/link";
import tableStyles from "@/components/data-table/data-table.module.css";
import { ExportControl } from "@/components/export/ExportControl";
import { percentText } from "@/lib/clinical/common/percent";
import { type EdishParams, QUADRANT_LABEL } from "@/lib/clinical/liver/edish";
import type { RRatio } from "@/lib/clinical/liver/r-ratio";
import { hrefInside } from "@/lib/tables/table-def";
import { patternWord } from "../liver-patterns";
import type { QuadrantHref } from "../liver-query";
import {
  evaluableRule,
  LIVER_TABLES,
  type LiverRow,
  MARKER,
  QUADRANT_ORDER,
  quadrantCaption,
  quadrantRule,
} from "../liver-tables";

const ORDER = QUADRANT_ORDER;
/** Subjects named in a cell; the rest are one click away in the listing. */
const NAMED = 20;

const rule = quadrantRule;

const percent = (n: number, of: number) => (of === 0 ? "–" : `${percentText(n, of)} %`);

interface Props {
  rows: readonly LiverRow[];
  /** The address around each row's own part of its subject's link (liverAround). */
  subjectAround: readonly [string, string];
  settings: EdishParams;
  quadrantHref: QuadrantHref;
  studySubjects: number;
  /** The R ratio of each possible Hy's law subject. */
  patterns: readonly { subjectId: string; ratio: RRatio }[];
}

export function QuadrantTable({ rows, subjectAround, settings, quadrantHref, studySubjects, patterns }: Props) {
  const evaluable = rows.length;
  const words = new Map(patterns.map((p) => [p.subjectId, patternWord(p.ratio)]));
  return (
    <>
      <table>
        <caption>{quadrantCaption(evaluable, studySubjects)}</caption>
        <thead>
          <tr>
            <th scope="col">Quadrant</th>
            <th scope="col">Rule</th>
            <th scope="col">Marker</th>
            <th scope="col">Subjects</th>
            <th scope="col">% of evaluable</th>
            <th scope="col">Concurrent peaks</th>
            <th scope="col">Subject IDs</th>
          </tr>
        </thead>
        <tbody>
          {ORDER.map((q) => {
            const inQ = rows.filter((r) => r.quadrantKey === q);
            const concurrent = inQ.filter((r) => r.concurrent === "Yes").length;
            return (
              <tr key={q} data-quadrant={q}>
                <th scope="row">{QUADRANT_LABEL[q]}</th>
                <td>{rule(q, settings)}</td>
                <td>{MARKER[q]}</td>
                <td>
                  <Link href={quadrantHref(q)} aria-label={`${inQ.length} subjects in ${QUADRANT_LABEL[q]}`}>
                    {inQ.length}
                  </Link>
                </td>
                <td>{percent(inQ.length, evaluable)}</td>
                <td>
                  <Link
                    href={quadrantHref(q, true)}
                    aria-label={`${concurrent} subjects in ${QUADRANT_LABEL[q]} with concurrent peaks`}
                  >
                    {concurrent}
                  </Link>
                </td>
                <td>
                  <SubjectLinks
                    rows={inQ}
                    around={subjectAround}
                    more={quadrantHref(q)}
                    words={q === "hys-law" ? words : undefined}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Evaluable subjects</th>
            <td>{evaluableRule(settings)}</td>
            <td />
            <td>
              <Link href={quadrantHref(null)} aria-label={`${evaluable} evaluable subjects`}>
                {evaluable}
              </Link>
            </td>
            <td>{percent(evaluable, evaluable)}</td>
            <td>
              <ConcurrentTotal rows={rows} href={quadrantHref(null, true)} />
            </td>
            <td />
          </tr>
        </tfoot>
      </table>
      <ExportControl {...LIVER_TABLES.key("quadrants")} label={quadrantCaption(evaluable, studySubjects)} />
    </>
  );
}

function ConcurrentTotal({ rows, href }: { rows: readonly LiverRow[]; href: string }) {
  const n = rows.filter((r) => r.concurrent === "Yes").length;
  return (
    <Link href={href} aria-label={`${n} evaluable subjects with concurrent peaks`}>
      {n}
    </Link>
  );
}

function SubjectLinks({
  rows,
  around,
  more,
  words,
}: {
  rows: readonly LiverRow[];
  around: Props["subjectAround"];
  more: string;
  /** A word after each subject (its pattern of injury). */
  words?: ReadonlyMap<string, string>;
}) {
  if (rows.length === 0) return <>none</>;
  const named = rows.slice(0, NAMED);
  return (
    <>
      {named.map((r, i) => (
        <span key={r.subjectId}>
          {i > 0 ? ", " : ""}
          {/* An identifier: never broken at its hyphen between two lines. */}
          <Link href={hrefInside(around, r.subject__href)} className={tableStyles.word}>
            {r.subjectId}
          </Link>
          {words?.has(r.subjectId) ? ` (${words.get(r.subjectId)})` : null}
        </span>
      ))}
      {rows.length > NAMED ? (
        <>
          {" "}
          and <Link href={more}>{rows.length - NAMED} more</Link>
        </>
      ) : null}
    </>
  );
}
