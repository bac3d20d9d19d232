/**
 * The choices of the table by term, kept in the URL: the subgroup whose columns are added, and the minimum
 * incidence (a plain GET form, which works without scripts; it carries the rest of the page's state in hidden
 * fields).
 */
import uiStyles from "@/components/ui/ui.module.css";
import { SUBGROUP_KINDS, SUBGROUP_TITLE, type SubgroupKind } from "@/lib/clinical/adverse-events/study";
import { ChoiceLinks } from "@/sections/frame/ui/ChoiceLinks";
import { type AeQuery, BY_TERM_ANCHOR, pageHref } from "../query";
import styles from "./adverse-events.module.css";

export function AeTermControls({ query, base, carried }: { query: AeQuery; base: string; carried: URLSearchParams }) {
  const choices: [SubgroupKind | null, string][] = [
    [null, "None"],
    ...SUBGROUP_KINDS.map((k) => [k, SUBGROUP_TITLE[k]] as [SubgroupKind, string]),
  ];
  // A sort on a subgroup's column has no meaning under another subgroup.
  const sort: Record<string, null> = query.order.sort.includes(":") ? { tsort: null, tdir: null } : {};
  const hidden: [string, string][] = [];
  carried.forEach((value, key) => {
    if (key !== "min") hidden.push([key, value]);
  });
  return (
    <div className={uiStyles.toolbar}>
      <ChoiceLinks
        label="Subgroup columns"
        lead
        keepScroll
        marks="true"
        choices={choices.map(([kind, title]) => ({
          href: pageHref(base, carried, { by: kind, ...sort }, `#${BY_TERM_ANCHOR}`),
          label: title,
          current: query.by === kind,
        }))}
      />
      <form key={query.order.minPercent} method="get" action={`${base}#${BY_TERM_ANCHOR}`}>
        {hidden.map(([key, value]) => (
          <input key={`${key}=${value}`} type="hidden" name={key} value={value} />
        ))}
        <label htmlFor="ae-min">Minimum incidence (% of N, any grade)</label>{" "}
        <input
          id="ae-min"
          name="min"
          type="number"
          min={0}
          max={100}
          step={0.1}
          defaultValue={query.order.minPercent || ""}
          className={styles.minimum}
        />{" "}
        <button type="submit">Apply</button>
      </form>
    </div>
  );
}
