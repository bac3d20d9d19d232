/**
 * The eDISH settings as a plain GET form, so that they land in the URL (a
 * link reproduces the page, a reload keeps it) and work without scripts. The
 * server reads them back through parseLiverQuery, which bounds them.
 */
import Link from "next/link";
import feedbackStyles from "@/components/feedback/feedback.module.css";
import { DAYS_BOUNDS, EDISH_DEFAULTS, THRESHOLD_BOUNDS } from "@/lib/clinical/liver/edish";
import { LIVER_PARAMS, type LiverQuery } from "../liver-query";
import styles from "./laboratory.module.css";

/** `action`: the page's address, where the form sends its settings. */
export function EdishSettings({ query, action }: { query: LiverQuery; action: string }) {
  const { settings } = query;
  const d = EDISH_DEFAULTS;
  const threshold = { min: THRESHOLD_BOUNDS.min, max: THRESHOLD_BOUNDS.max, step: 0.01, required: true };
  return (
    <form method="get" action={action} aria-label="eDISH settings">
      <div className={styles.edishFields}>
        <label htmlFor="edish-enzyme">Transaminase</label>
        <select id="edish-enzyme" name={LIVER_PARAMS.enzyme} defaultValue={settings.transaminase}>
          <option value="ALT">ALT</option>
          <option value="AST">AST</option>
        </select>
        <label htmlFor="edish-x">Transaminase threshold (×ULN)</label>
        <input id="edish-x" type="number" name={LIVER_PARAMS.x} defaultValue={settings.xThreshold} {...threshold} />
        <label htmlFor="edish-y">Bilirubin threshold (×ULN)</label>
        <input id="edish-y" type="number" name={LIVER_PARAMS.y} defaultValue={settings.yThreshold} {...threshold} />
        <label htmlFor="edish-days">Concurrent within (days)</label>
        <input
          id="edish-days"
          type="number"
          name={LIVER_PARAMS.days}
          defaultValue={settings.concurrentDays}
          min={DAYS_BOUNDS.min}
          max={DAYS_BOUNDS.max}
          step={1}
          required
        />
        {query.quadrant ? <input type="hidden" name={LIVER_PARAMS.quadrant} value={query.quadrant} /> : null}
        <button type="submit">Apply</button>
        <Link href={action}>Reset to the defaults</Link>
      </div>
      <p className={`${feedbackStyles.textMuted} ${styles.edishHelp}`}>
        Defaults: ALT, {d.xThreshold}×ULN, {d.yThreshold}×ULN, {d.concurrentDays} days. Thresholds from{" "}
        {THRESHOLD_BOUNDS.min} to {THRESHOLD_BOUNDS.max}×ULN; a value at a threshold counts as above it. Peaks are
        concurrent when the bilirubin peak is within that many days of the transaminase peak, before or after it.
      </p>
    </form>
  );
}
