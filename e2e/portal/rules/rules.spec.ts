/**
 * The clinical rules in the portal (/rules, docs/clinical-rules.md): reached from the header, and a page's convention
 * line opens the section that states its rule.
 */
import { expect, test } from "@playwright/test";
import { openMethods, openStudyAddress } from "../../support/study";

test("the header opens the clinical rules; a convention line opens its own section of them", async ({ page }) => {
  const study = await openStudyAddress(page, "ONC-101");
  await page.getByRole("link", { name: "Clinical rules" }).click();
  await expect(page).toHaveURL(/\/rules$/);
  await expect(page.getByRole("heading", { level: 1, name: "Clinical rules" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Study drug and exposure" })).toBeVisible();

  await page.goto(`${study}/adverse-events`);
  await openMethods(page);
  const line = page.locator("p", { hasText: /^All adverse events as the partner sends them/ });
  await line.getByRole("link", { name: "How this is counted" }).click();
  await expect(page).toHaveURL(/\/rules#treatment-emergent-adverse-events$/);
  const section = page.locator("#treatment-emergent-adverse-events");
  await expect(section).toHaveText("Treatment-emergent adverse events");
  await expect(section).toBeInViewport();
});
