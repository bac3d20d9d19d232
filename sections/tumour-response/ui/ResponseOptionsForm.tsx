/**
 * The response options as a plain GET form, so that the URL carries them (a link or a reload shows the same
 * counts) and it works without scripts: confirmation of CR and PR at least 28 days later, and the minimum days
 * from baseline for SD (docs/clinical-rules.md, Tumour response). The rest of the page's state rides along in
 * hidden fields; an unchecked box sends nothing, which is "off".
 */

import uiStyles from "@/components/ui/ui.module.css";
import type { ResponseOptions } from "@/lib/clinical/response/best-response";
import { CONFIRM_DAYS, DEFAULT_MIN_SD_DAYS, MAX_MIN_SD_DAYS } from "@/lib/clinical/response/best-response";
import styles from "./tumour-response.module.css";

const OWN = new Set(["confirm", "sd_days"]);

export interface ResponseOptionsFormProps {
  options: ResponseOptions;
  /** The page's address without its query. */
  action: string;
  /** The page's search parameters: everything but the options is kept. */
  searchParams: URLSearchParams;
}

export function ResponseOptionsForm({ options, action, searchParams }: ResponseOptionsFormProps) {
  // Numbered, as a name may repeat in a query: the number keeps each field's key unique.
  const hidden: [string, string, string][] = [];
  searchParams.forEach((value, key) => {
    if (!OWN.has(key)) hidden.push([`${hidden.length}:${key}`, key, value]);
  });
  return (
    <form
      key={`${options.confirm}:${options.minSdDays}`}
      method="get"
      action={action}
      aria-label="Response options"
      className={uiStyles.toolbar}
    >
      {hidden.map(([id, key, value]) => (
        <input key={id} type="hidden" name={key} value={value} />
      ))}
      <label>
        <input type="checkbox" name="confirm" value="1" defaultChecked={options.confirm} /> Confirm CR and PR (a later
        assessment at least {CONFIRM_DAYS} days on)
      </label>
      <label>
        SD needs at least{" "}
        <input
          name="sd_days"
          type="number"
          min={0}
          max={MAX_MIN_SD_DAYS}
          step={1}
          defaultValue={options.minSdDays}
          className={styles.sdDays}
        />{" "}
        days from baseline (default {DEFAULT_MIN_SD_DAYS})
      </label>
      <button type="submit">Apply</button>
    </form>
  );
}
