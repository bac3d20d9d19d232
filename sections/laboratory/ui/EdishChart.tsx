"use client";
/**
 * The eDISH scatter: one point per evaluable subject, peak transaminase
 * against peak total bilirubin (×ULN, or ×baseline) on log axes, lines at the
 * thresholds, the four quadrants named on the chart, and one series per
 * quadrant with its own marker shape (so colour is never the only
 * distinction). Hover shows the subject's peaks and dates; a click opens the
 * subject's profile with its liver tests over time. Its data table holds
 * exactly the plotted rows.
 */
import { useRouter } from "next/navigation";
import { Legend, ScatterChart, Tooltip } from "recharts";
import { ChartArea } from "@/components/charts/ChartArea";
import { ChartPanel } from "@/components/charts/ChartPanel";
import type { EdishParams } from "@/lib/clinical/liver/edish";
import { hrefInside, withHrefAround } from "@/lib/tables/table-def";
import { EDISH_ID } from "../liver-query";
import { edishTitle, LIVER_TABLES, type LiverRow, liverColumns } from "../liver-tables";
import { PointTip } from "./EdishPointTip";
import { logAxis } from "./edish-axes";
import { logAxes, quadrantAreas, quadrantSeries, thresholdLines } from "./edish-marks";
import styles from "./laboratory.module.css";

interface Props {
  rows: LiverRow[];
  /** The address around each row's own part of its subject's link (liverAround). */
  subjectAround: readonly [string, string];
  settings: EdishParams;
}

export function EdishChart({ rows, subjectAround, settings }: Props) {
  const router = useRouter();
  const x = logAxis(
    rows.map((r) => r.x),
    settings.xThreshold,
  );
  const y = logAxis(
    rows.map((r) => r.y),
    settings.yThreshold,
  );
  return (
    <ChartPanel
      id={EDISH_ID}
      title={edishTitle(settings)}
      columns={withHrefAround(liverColumns(settings), { subject__href: subjectAround })}
      rows={rows}
      exportAs={LIVER_TABLES.key("edish")}
    >
      <ChartArea>
        <ScatterChart responsive className={styles.edishChart} margin={{ top: 24, right: 90, bottom: 10, left: 20 }}>
          {logAxes(x, y, settings)}
          {quadrantAreas(settings, x, y)}
          {thresholdLines(settings)}
          <Tooltip
            content={(props) => <PointTip {...props} settings={settings} />}
            cursor={{ strokeDasharray: "3 3" }}
          />
          <Legend verticalAlign="bottom" itemSorter={null} />
          {quadrantSeries(rows, (part) => router.push(hrefInside(subjectAround, part)))}
        </ScatterChart>
      </ChartArea>
    </ChartPanel>
  );
}
