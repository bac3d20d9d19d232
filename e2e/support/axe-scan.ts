/**
 * The accessibility scan of one page with axe-core: WCAG 2.0, 2.1 and 2.2 A and AA rules. A serious or critical
 * violation fails the test, and the message names each rule, its impact, what to do and the first elements it
 * found, so that a failure says what to fix.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { studyLoaded } from "./study";

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
const BLOCKING = new Set(["serious", "critical"]);
/** How many offending elements of a rule the message lists (the rest are counted). */
const TARGETS_SHOWN = 3;

/** Waits until the page has no load in progress, so that the scan sees the data, not the progress view. */
export async function settled(page: Page): Promise<void> {
  await studyLoaded(page);
  await page.waitForLoadState("networkidle");
}

export async function expectNoSeriousViolations(page: Page): Promise<void> {
  await settled(page);
  await expectNoSeriousViolationsNow(page);
}

/**
 * The scan of the page as it is now, a load or an export still under way included
 * (e2e/portal/accessibility/accessibility-states.spec.ts).
 */
export async function expectNoSeriousViolationsNow(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const blocking = results.violations.filter((v) => BLOCKING.has(v.impact ?? ""));
  const report = blocking.map((v) => {
    const targets = v.nodes.slice(0, TARGETS_SHOWN).map((n) => n.target.join(" "));
    const more = v.nodes.length > TARGETS_SHOWN ? ` (+${v.nodes.length - TARGETS_SHOWN} more)` : "";
    return `${v.id} [${v.impact}] ${v.help}: ${targets.join(" | ")}${more}`;
  });
  expect(report, `axe violations on ${page.url()}`).toEqual([]);
}
