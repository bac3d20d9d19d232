/**
 * The eDISH settings as a plain GET form, so that they land in the URL (a
 * link reproduces the page, a reload keeps it) and work without scripts. The
 * server reads them back through parseLiverQuery, which bounds them.
 */
import Link from "next/link";
import feedbackStyles from "@/components/feedback/feedback.module.css";
import { MAX_WINDOW_DAYS } from "@/lib/clinical/exposure/on-treatment";
import { DAYS_BOUNDS, SCALE_UNIT, THRESHOLD_BOUNDS } from "@/lib/clinical/liver/edish";
import { LIVER_DEFAULTS, LIVER_PARAMS, type LiverQuery } from "../liver-query";
import styles from "./laboratory.module.css";

const d = LIVER_DEFAULTS;
const help =
  `Defaults: ALT, ${d.xThreshold} and ${d.yThreshold}, ${d.concurrentDays} days, peaks of the results on treatment ` +
  `(after the first dose's day, up to ${d.windowDays} days after the last dose), in multiples of the ULN. ` +
  `Thresholds from ${THRESHOLD_BOUNDS.min} to ${THRESHOLD_BOUNDS.max}: a transaminase at its threshold counts as ` +
  "above it (3-fold or greater), a bilirubin must be above its threshold (more than 2-fold). Peaks are concurrent " +
  "when the bilirubin peak is within that many days of the transaminase peak, before or after it.";

/** `action`: the page's address, where the form sends its settings. */
export function EdishSettings({ query, action }: { query: LiverQuery; action: string }) {
  const { settings } = query;
  const unit = SCALE_UNIT[settings.scale];
  const threshold = { min: THRESHOLD_BOUNDS.min, max: THRESHOLD_BOUNDS.max, step: 0.01, required: true };
  const days = (max: number) => ({ min: DAYS_BOUNDS.min, max, step: 1, required: true });
  return (
    <form method="get" action={action} aria-label="eDISH settings">
      <div className={styles.edishFields}>
        <label htmlFor="edish-enzyme">Transaminase</label>
        <select id="edish-enzyme" name={LIVER_PARAMS.enzyme} defaultValue={settings.transaminase}>
          <option value="ALT">ALT</option>
          <option value="AST">AST</option>
        </select>
        <label htmlFor="edish-x">Transaminase threshold ({unit})</label>
        <input id="edish-x" type="number" name={LIVER_PARAMS.x} defaultValue={settings.xThreshold} {...threshold} />
        <label htmlFor="edish-y">Bilirubin threshold ({unit})</label>
        <input id="edish-y" type="number" name={LIVER_PARAMS.y} defaultValue={settings.yThreshold} {...threshold} />
        <label htmlFor="edish-days">Concurrent within (days)</label>
        <input
          id="edish-days"
          type="number"
          name={LIVER_PARAMS.days}
          defaultValue={settings.concurrentDays}
          {...days(DAYS_BOUNDS.max)}
        />
      </div>
      <div className={styles.edishFields}>
        <label htmlFor="edish-peaks">Peaks of</label>
        <select id="edish-peaks" name={LIVER_PARAMS.peaks} defaultValue={settings.peaks}>
          <option value="on-treatment">Results on treatment</option>
          <option value="all">All results</option>
        </select>
        <label htmlFor="edish-window">Days on treatment after the last dose</label>
        <input
          id="edish-window"
          type="number"
          name={LIVER_PARAMS.window}
          defaultValue={settings.windowDays}
          {...days(MAX_WINDOW_DAYS)}
        />
        <label htmlFor="edish-scale">Multiples of</label>
        <select id="edish-scale" name={LIVER_PARAMS.scale} defaultValue={settings.scale}>
          <option value="uln">ULN (eDISH)</option>
          <option value="baseline">Baseline (mDISH)</option>
        </select>
        {query.quadrant ? <input type="hidden" name={LIVER_PARAMS.quadrant} value={query.quadrant} /> : null}
        <button type="submit">Apply</button>
        <Link href={action}>Reset to the defaults</Link>
      </div>
      <p className={`${feedbackStyles.textMuted} ${styles.edishHelp}`}>{help}</p>
    </form>
  );
}
