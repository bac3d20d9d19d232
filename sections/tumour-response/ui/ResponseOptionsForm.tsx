/**
 * The response options as a plain GET form, so that the URL carries them (a link or a reload shows the same
 * counts) and it works without scripts: confirmation of CR and PR at least 28 days later, the minimum days from
 * day 1 for SD, day 1 of the response times (the baseline or the first dose), and who N counts (the evaluable
 * subjects or intent to treat) (docs/clinical-rules.md, Tumour response). The rest of the page's state rides along
 * in hidden fields; an unchecked box sends nothing, which is "off".
 */

import uiStyles from "@/components/ui/ui.module.css";
import { DAY_ONE_ANCHORS, DAY_ONE_LABELS, type DayOneAnchor } from "@/lib/clinical/exposure/day-one";
import type { ResponseOptions } from "@/lib/clinical/response/best-response";
import { CONFIRM_DAYS, DEFAULT_MIN_SD_DAYS, MAX_MIN_SD_DAYS } from "@/lib/clinical/response/best-response";
import { POPULATIONS, type Population } from "@/lib/clinical/response/population";
import { DAY_ONE_PARAM, POPULATION_PARAM } from "../query";
import styles from "./tumour-response.module.css";

const OWN = new Set(["confirm", "sd_days", DAY_ONE_PARAM, POPULATION_PARAM]);

const POPULATION_WORDS: Readonly<Record<Population, string>> = {
  evaluable: "the evaluable subjects",
  itt: "intent to treat (also those with disease at baseline but no assessment after it, as NE)",
};

export interface ResponseOptionsFormProps {
  options: ResponseOptions;
  dayOne: DayOneAnchor;
  /** Who N counts; the summary's choice (a subject's page has no N and leaves it out). */
  population?: Population;
  /** The page's address without its query. */
  action: string;
  /** The page's search parameters: everything but the options is kept. */
  searchParams: URLSearchParams;
}

export function ResponseOptionsForm({ options, dayOne, population, action, searchParams }: ResponseOptionsFormProps) {
  // Numbered, as a name may repeat in a query: the number keeps each field's key unique.
  const hidden: [string, string, string][] = [];
  searchParams.forEach((value, key) => {
    // The population rides along where the form does not choose it (a subject's page keeps the summary's).
    if (!OWN.has(key) || (key === POPULATION_PARAM && population === undefined))
      hidden.push([`${hidden.length}:${key}`, key, value]);
  });
  return (
    <form
      key={`${options.confirm}:${options.minSdDays}:${dayOne}:${population}`}
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
        days from day 1 (default {DEFAULT_MIN_SD_DAYS})
      </label>
      <label>
        Day 1 of the response times{" "}
        <select name={DAY_ONE_PARAM} defaultValue={dayOne}>
          {DAY_ONE_ANCHORS.map((a) => (
            <option key={a} value={a}>
              {DAY_ONE_LABELS[a]}
            </option>
          ))}
        </select>
      </label>
      {population === undefined ? null : (
        <label>
          N counts{" "}
          <select name={POPULATION_PARAM} defaultValue={population}>
            {POPULATIONS.map((p) => (
              <option key={p} value={p}>
                {POPULATION_WORDS[p]}
              </option>
            ))}
          </select>
        </label>
      )}
      <button type="submit">Apply</button>
    </form>
  );
}
