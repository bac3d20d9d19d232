/**
 * The number of findings of each rule that applies to the study, listed with what it checks; each count opens the
 * findings of its rule, and so does each count of subjects (the findings name their subjects). The rules that do
 * not apply (the RECIST 1.1 rules, to a study without response assessments) are not listed: the page names them
 * in one line (../tables.ts, notApplyingLine).
 */
import Link from "next/link";
import styles from "@/components/data-table/data-table.module.css";
import { ExportControl } from "@/components/export/ExportControl";
import { ruleOf } from "@/lib/clinical/checks/finding";
import type { DataChecksView } from "../load";
import { checksHref } from "../query";
import { applyingCounts, DATA_CHECK_TABLES, ruleCountsCaption } from "../tables";

export function RuleCounts({ view, base, study }: { view: DataChecksView; base: string; study: string }) {
  return (
    <div className={styles.wrap}>
      <table className={styles.table}>
        <caption>{ruleCountsCaption(view, study)}</caption>
        <thead>
          <tr>
            <th scope="col">Rule</th>
            <th scope="col">What it checks</th>
            <th scope="col" className={styles.number}>
              Findings
            </th>
            <th scope="col" className={styles.number}>
              Subjects
            </th>
          </tr>
        </thead>
        <tbody>
          {applyingCounts(view).map((c) => {
            const rule = ruleOf(c.rule);
            return (
              <tr key={c.rule}>
                <th scope="row">{rule.title}</th>
                <td>{rule.text}</td>
                <td className={styles.number}>
                  <CountLink n={c.findings} href={checksHref(base, { rule: c.rule })} />
                </td>
                <td className={styles.number}>
                  <CountLink n={c.subjects} href={checksHref(base, { rule: c.rule })} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <ExportControl {...DATA_CHECK_TABLES.key("rules")} label={ruleCountsCaption(view, study)} />
    </div>
  );
}

/** A count that opens its findings; 0 opens nothing. */
function CountLink({ n, href }: { n: number; href: string }) {
  return n === 0 ? "0" : <Link href={href}>{n}</Link>;
}
