/**
 * The findings' filters, kept in the URL: one rule, one subject (a plain GET form, which works without scripts).
 * Only the subjects that have findings are offered.
 */
import Link from "next/link";
import uiStyles from "@/components/ui/ui.module.css";
import { RULES } from "@/lib/clinical/checks/finding";
import type { DataChecksView } from "../load";
import { checksHref, FINDINGS_ANCHOR } from "../query";

export function FindingsFilter({ view, base }: { view: DataChecksView; base: string }) {
  const { rule, subject } = view.filter;
  return (
    <form key={`${rule}:${subject}`} method="get" action={`${base}#${FINDINGS_ANCHOR}`} className={uiStyles.toolbar}>
      <span>
        <label htmlFor="checks-rule">Rule</label>{" "}
        <select id="checks-rule" name="rule" defaultValue={rule ?? ""}>
          <option value="">Every rule</option>
          {RULES.map((r) => (
            <option key={r.id} value={r.id}>
              {r.title}
            </option>
          ))}
        </select>
      </span>
      <span>
        <label htmlFor="checks-subject">Subject</label>{" "}
        <select id="checks-subject" name="subject" defaultValue={subject ?? ""}>
          <option value="">Every subject</option>
          {view.subjects.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </span>
      <button type="submit">Show findings</button>
      {rule || subject ? <Link href={checksHref(base, {})}>Every finding</Link> : null}
    </form>
  );
}
