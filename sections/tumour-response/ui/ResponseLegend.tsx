/**
 * The legend of the response plots, as HTML under the chart: each response's colour with its letters and name
 * (and how many are drawn), then the plot's own markers. Plain markup, usable by client and server alike.
 */
import type { ReactNode } from "react";
import chartStyles from "@/components/charts/charts.module.css";
import { MarkerSwatch, PatternSwatch } from "@/components/charts/patterns";
import type { Response } from "@/lib/clinical/response/timepoint";
import { RESPONSE_CODE, RESPONSE_LOOKS, RESPONSE_NAME, RESPONSES } from "./response-look";
import styles from "./tumour-response.module.css";

export interface LegendMark {
  key: string;
  mark: ReactNode;
  text: string;
}

export function ResponseLegend({
  title,
  counts,
  marks = [],
  sample,
}: {
  title: string;
  counts?: Partial<Record<Response, number>>;
  marks?: LegendMark[];
  /** What the plot draws besides the letters: the bars' fill pattern, or the points' marker shape. */
  sample?: "pattern" | "marker";
}) {
  return (
    <ul aria-label={title} className={styles.legend}>
      {RESPONSES.map((r) => (
        <li key={r}>
          {sample ? <ResponseSample response={r} sample={sample} /> : null}
          <ResponseBadge response={r} /> {RESPONSE_NAME[r]}
          {counts ? ` (${counts[r] ?? 0})` : ""}
        </li>
      ))}
      {marks.map((m) => (
        <li key={m.key}>
          {m.mark} {m.text}
        </li>
      ))}
    </ul>
  );
}

function ResponseSample({ response, sample }: { response: Response; sample: "pattern" | "marker" }) {
  const look = RESPONSE_LOOKS[response];
  return (
    <>
      {sample === "pattern" ? (
        <PatternSwatch look={look} />
      ) : (
        <MarkerSwatch marker={look.marker} colour={look.colour} />
      )}{" "}
    </>
  );
}

/** A response's letters on its colour (the module's class of each response code has RESPONSE_LOOKS' colours). */
const BADGE: Readonly<Record<Response, string>> = Object.fromEntries(
  RESPONSES.map((r) => [r, styles[`badge${RESPONSE_CODE[r]}`]]),
) as Record<Response, string>;

/** A response's letters on its colour (NN for Non-CR/Non-PD, its name beside it in the legend). */
export function ResponseBadge({ response }: { response: Response }) {
  return <span className={`${styles.badge} ${BADGE[response]}`}>{RESPONSE_CODE[response]}</span>;
}

/** The box every plot's tooltip is drawn in; `click`: it says what a click does. */
export function TipBox({ children, click = false }: { children: ReactNode; click?: boolean }) {
  return (
    <div className={chartStyles.chartTip}>
      {children}
      {click ? <div>Click to open the subject&apos;s response.</div> : null}
    </div>
  );
}
