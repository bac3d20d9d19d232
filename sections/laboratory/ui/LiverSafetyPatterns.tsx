/**
 * The pattern of injury of each possible Hy's law subject, under the count table: its peak ALT and the ALP of the
 * same sample as multiples of their ULN, R and the pattern, or why there is none (docs/clinical-rules.md, Pattern
 * of injury by the R ratio). Each subject opens its profile with its liver panel.
 */
import Link from "next/link";
import type { RRatio } from "@/lib/clinical/liver/r-ratio";
import { hrefInside } from "@/lib/tables/table-def";
import { Convention } from "@/sections/frame/ui/Convention";
import { PATTERN_CAPTION, patternRows } from "../liver-patterns";

interface Props {
  patterns: readonly { subjectId: string; ratio: RRatio }[];
  /** The address around each row's own part of its subject's link (liverAround). */
  subjectAround: readonly [string, string];
}

const number = (n: number | null) => (n === null ? "–" : String(n));

export function LiverSafetyPatterns({ patterns, subjectAround }: Props) {
  const rows = patternRows(patterns);
  return (
    <section aria-labelledby="liver-patterns-title">
      <h4 id="liver-patterns-title">Pattern of injury of the possible Hy&apos;s law subjects ({rows.length})</h4>
      <Convention anchor="pattern-of-injury-by-the-r-ratio">
        R = (ALT / ULN) / (ALP / ULN), both from the sample of the subject&apos;s peak ALT: hepatocellular when R ≥ 5,
        mixed when 2 &lt; R &lt; 5, cholestatic when R ≤ 2.
      </Convention>
      {rows.length === 0 ? (
        <p>No subject is in the possible Hy&apos;s law quadrant.</p>
      ) : (
        <table>
          <caption>{PATTERN_CAPTION}</caption>
          <thead>
            <tr>
              <th scope="col">Subject ID</th>
              <th scope="col">Peak ALT (×ULN)</th>
              <th scope="col">ALT peak date</th>
              <th scope="col">ALP (×ULN)</th>
              <th scope="col">ALP date</th>
              <th scope="col">R</th>
              <th scope="col">Pattern</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.subjectId} data-subject={r.subjectId}>
                <th scope="row">
                  <Link href={hrefInside(subjectAround, r.subject__href)}>{r.subjectId}</Link>
                </th>
                <td>{number(r.altTimesUln)}</td>
                <td>{r.altDate ?? "–"}</td>
                <td>{number(r.alpTimesUln)}</td>
                <td>{r.alpDate ?? "–"}</td>
                <td>{number(r.r)}</td>
                <td>{r.pattern}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
