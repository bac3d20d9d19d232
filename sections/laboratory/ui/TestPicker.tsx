/**
 * The choice of a laboratory test: a plain form that sets `test=` in the URL, working without scripts too; an
 * on-treatment window other than the default goes along.
 */

import uiStyles from "@/components/ui/ui.module.css";
import { DEFAULT_WINDOW_DAYS } from "@/lib/clinical/exposure/on-treatment";
import type { LabTestSummary } from "../load";

export function TestPicker({
  tests,
  current,
  base,
  windowDays = DEFAULT_WINDOW_DAYS,
}: {
  tests: LabTestSummary[];
  current: string | null;
  base: string;
  /** The on-treatment window in force. */
  windowDays?: number;
}) {
  return (
    <form method="get" action={base} className={uiStyles.toolbar}>
      <label htmlFor="lab-test">Test</label>
      {/* Keyed by the test: a client-side move to another test must not keep the old choice shown. */}
      <select key={current ?? ""} id="lab-test" name="test" defaultValue={current ?? undefined}>
        {tests.map((t) => (
          <option key={t.key} value={t.key}>
            {t.name} {t.code ? `(${t.code})` : "(no service code)"}
          </option>
        ))}
      </select>
      {windowDays !== DEFAULT_WINDOW_DAYS ? <input type="hidden" name="window" value={windowDays} /> : null}
      <button type="submit">Show test</button>
    </form>
  );
}
