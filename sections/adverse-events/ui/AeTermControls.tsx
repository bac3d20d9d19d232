/**
 * The choices of the table by term, kept in the URL: its rows (terms alone, or under their system organ classes),
 * the subgroup whose columns are added, and the minimum incidence (a plain GET form, which works without scripts; it
 * carries the rest of the page's state in hidden fields).
 */
import uiStyles from "@/components/ui/ui.module.css";
import { SOC_SOURCE } from "@/lib/clinical/adverse-events/soc";
import { SUBGROUP_KINDS, SUBGROUP_TITLE, type SubgroupKind } from "@/lib/clinical/adverse-events/study";
import { ChoiceLinks } from "@/sections/frame/ui/ChoiceLinks";
import { Convention } from "@/sections/frame/ui/Convention";
import { type AeQuery, BY_TERM_ANCHOR, pageHref } from "../query";
import styles from "./adverse-events.module.css";

export function AeTermControls({ query, base, carried }: { query: AeQuery; base: string; carried: URLSearchParams }) {
  return (
    <>
      <div className={uiStyles.toolbar}>
        <ChoiceLinks
          label="Table rows"
          lead
          keepScroll
          marks="true"
          choices={[
            {
              href: pageHref(base, carried, { layout: null }, `#${BY_TERM_ANCHOR}`),
              label: "Terms",
              current: query.layout === "term",
            },
            {
              href: pageHref(base, carried, { layout: "soc" }, `#${BY_TERM_ANCHOR}`),
              label: "Terms by system organ class",
              current: query.layout === "soc",
            },
          ]}
        />
        <SubgroupAndMinimum query={query} base={base} carried={carried} />
      </div>
      {query.layout === "soc" ? (
        <Convention anchor="system-organ-class">
          Terms under their system organ class as CTCAE v5.0 files them; a class&apos;s line counts each subject once,
          at its worst grade within the class; a term CTCAE v5.0 does not have is under &quot;Unmapped&quot;.
        </Convention>
      ) : null}
      {query.layout === "soc" ? <p className={styles.source}>Mapping: {SOC_SOURCE}</p> : null}
    </>
  );
}

/** The subgroup columns and the minimum incidence. */
function SubgroupAndMinimum({ query, base, carried }: { query: AeQuery; base: string; carried: URLSearchParams }) {
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
    <>
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
    </>
  );
}
