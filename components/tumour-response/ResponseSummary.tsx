/**
 * The Tumour response summary (a server component): best overall responses of the evaluable subjects as signed
 * and as recomputed side by side, the objective response and disease control rates with their exact 95 %
 * intervals, and who is left out and why (docs/clinical-rules.md, Tumour response).
 */
import type { Rate } from "@/lib/clinical/response/study-response";
import type { Response } from "@/lib/clinical/response/timepoint";
import type { TumourResponseView } from "@/lib/study-views/load-tumour-response";

const RESPONSES: readonly Response[] = ["CR", "PR", "SD", "PD", "NE"];

const pct = (n: number, of: number) => (of === 0 ? "–" : `${n} (${((100 * n) / of).toFixed(1)} %)`);
const bound = (x: number) => (100 * x).toFixed(1);
const rate = (r: Rate) =>
  r.interval === null
    ? "–"
    : `${r.n} (${r.percent?.toFixed(1)} %; 95 % CI ${bound(r.interval.lower)}–${bound(r.interval.upper)} %)`;

export function ResponseSummary({ view }: { view: TumourResponseView }) {
  const { study } = view;
  const n = study.evaluable;
  const confirmed = view.options.confirm ? ", CR and PR confirmed 28 days or more later" : "";
  return (
    <>
      <h3>Best overall response</h3>
      <table>
        <caption>
          Best overall response of the {n} evaluable subjects (N), as signed and as recomputed
          {confirmed}; SD needs {view.options.minSdDays} days from baseline
        </caption>
        <thead>
          <tr>
            <th scope="col">Best overall response</th>
            <th scope="col">As signed, n (%)</th>
            <th scope="col">As recomputed, n (%)</th>
          </tr>
        </thead>
        <tbody>
          {RESPONSES.map((r) => (
            <tr key={r}>
              <th scope="row">{r}</th>
              <td>{pct(study.signed.counts[r], n)}</td>
              <td>{pct(study.recomputed.counts[r], n)}</td>
            </tr>
          ))}
          <tr>
            <th scope="row">Objective response rate (CR + PR)</th>
            <td>{rate(study.signed.orr)}</td>
            <td>{rate(study.recomputed.orr)}</td>
          </tr>
          <tr>
            <th scope="row">Disease control rate (CR + PR + SD)</th>
            <td>{rate(study.signed.dcr)}</td>
            <td>{rate(study.recomputed.dcr)}</td>
          </tr>
        </tbody>
      </table>
      <p>
        {study.leftOut.length} subject(s) left out of N:{" "}
        {[...study.leftOutByReason].map(([reason, count]) => `${count} ${reason}`).join("; ") || "none"}.
      </p>
    </>
  );
}
