/**
 * A subject's response at a glance: evaluable or why not, baseline sum, best percent change, and the best overall
 * response as signed and as recomputed under the options shown, with the times of the response
 * (docs/clinical-rules.md, Tumour response). A disagreement is said with `≠` and in words.
 */
import type { BestResponse, ResponseOptions } from "@/lib/clinical/response/best-response";
import type { SubjectResponse } from "@/lib/clinical/response/subject-response";
import { plural } from "@/sections/frame/ui/notices";
import { optionsText } from "../notes";
import { decimalCell, diseaseText, progressionText } from "./subject-rows";
import styles from "./tumour-response.module.css";

const days = (n: number | null) => (n === null ? "none" : `${n} days`);

/** `PR; first response on day 98; duration of response 81 days (censored); time to progression 179 days (censored)` */
export function borText(b: BestResponse): string {
  const parts: string[] = [b.bor];
  if (b.firstResponse) parts.push(`first response on day ${b.firstResponse.day}`);
  if (b.durationOfResponse)
    parts.push(
      `duration of response ${days(b.durationOfResponse.days)}${b.durationOfResponse.censored ? " (censored)" : ""}`,
    );
  parts.push(
    `time to progression ${days(b.timeToProgression.days)}${b.timeToProgression.censored ? " (censored)" : ""}`,
  );
  if (b.afterProgression > 0)
    parts.push(`${plural(b.afterProgression, "assessment")} after the progression not counted`);
  return parts.join("; ");
}

/** The subject's own day 1, and where its baseline falls from it. */
function dayOneItem(s: SubjectResponse): string {
  if (!s.dayOne) return "none (no baseline)";
  const what = s.dayOne.from === "first-dose" ? "the first dose of the study drug" : "the baseline assessment";
  return s.offset === 0 ? `${s.dayOne.date}, ${what}` : `${s.dayOne.date}, ${what}; the baseline is day ${s.offset}`;
}

const Item = ({ name, children }: { name: string; children: React.ReactNode }) => (
  <div>
    <dt>{name}: </dt>
    <dd>{children}</dd>
  </div>
);

export function SubjectBorSummary({ subject: s, options }: { subject: SubjectResponse; options: ResponseOptions }) {
  const differ = s.signed.bor !== s.recomputed.bor;
  return (
    <dl aria-label="Best overall response" className={styles.borSummary}>
      <Item name="Evaluable">{s.notEvaluable === null ? "yes" : `no: ${s.notEvaluable} (left out of N)`}</Item>
      <Item name="Disease at baseline">
        {diseaseText(s) || "no baseline"}
        {s.nonTargetOnly ? " (responses by RECIST 1.1 Table 2: CR, Non-CR/Non-PD, PD or NE)" : ""}
      </Item>
      <Item name="Options">{optionsText(options, s.dayOne?.from === "first-dose" ? "first-dose" : "baseline")}</Item>
      <Item name="Day 1 of the response times">{dayOneItem(s)}</Item>
      <Item name="Best overall response as signed">{borText(s.signed)}</Item>
      <Item name="Best overall response as recomputed">{borText(s.recomputed)}</Item>
      <Item name="Signed and recomputed">
        {differ ? `≠ differ: signed ${s.signed.bor}, recomputed ${s.recomputed.bor}` : "= agree"}
      </Item>
      <Item name="Baseline target sum">{s.baselineSum === null ? "unknown" : `${s.baselineSum} mm`}</Item>
      <Item name="Best % change from baseline (recomputed, up to the first progression)">
        {s.bestPercent === null ? "none" : `${decimalCell(s.bestPercent)} %`}
      </Item>
      <Item name="First progression (recomputed)">{progressionText(s) || "none"}</Item>
      <Item name="Time on study">{days(s.timeOnStudy)}</Item>
    </dl>
  );
}
