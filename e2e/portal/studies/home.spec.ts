/**
 * The studies list in a browser (docs/design.md, The studies list), in demo mode: the demo user's connection to
 * NORTHSTAR, with ONC-101 granted and ONC-102 not. After ONC-101 is opened, its row links its counts to their
 * records: the subjects as many as the subject list's rows, the adverse events as many as the partner API sends
 * (fetched here over HTTP, independently of the portal's code); after ONC-102 is refused,
 * its row says so. Nothing on the page asks the partner service. A connection whose load failed says so, why, and
 * what to do.
 */
import { expect, test } from "@playwright/test";
import { UNREACHABLE_PARTNER_URL } from "../../../playwright.config";
import { northstarToken, searchAll } from "../../support/partner-api";
import { addConnection, NORTHSTAR, signIn } from "../../support/portal";
import { createUser } from "../../support/server";
import { openStudy, openSubjects, SUBJECTS_VIEW, studyLoaded } from "../../support/study";

const CONNECTION = "Demo partner service (Northstar)";

test("a study opened shows its counts, each a link to its records, and a refused study says why", async ({
  page,
  request,
}) => {
  await signIn(page);
  const studyPath = await openSubjects(page, "ONC-101");
  // The subject list's caption states how many subjects there are ("Subjects of study ONC-101 (40)").
  const caption = await page
    .getByRole("table", { name: /Subjects of study/ })
    .locator("caption")
    .textContent();
  const subjects = Number(/\(([\d,]+)\)$/.exec(caption?.trim() ?? "")?.[1].replace(/,/g, ""));
  expect(subjects).toBeGreaterThan(0);
  await openStudy(page, "ONC-102");
  // The partner's refusal, once the page has asked: it is in the user's audit entries, which the list reads.
  await studyLoaded(page);

  const token = await northstarToken(request);
  const events = await searchAll(request, token, "AdverseEvent?researchstudy=ONC-101&_count=1000");
  const n = (count: number) => new Intl.NumberFormat("en-GB").format(count);

  const partnerAsked: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/svc-apim/")) partnerAsked.push(r.url());
  });
  await page.goto("/");
  const region = page.getByRole("region", { name: CONNECTION });
  await expect(region).toContainText("Connection: Working");
  const onc101 = region.locator('[data-study="ONC-101"]');
  await expect(onc101.getByRole("link", { name: "ONC-101", exact: true })).toHaveAttribute("href", studyPath);
  await expect(onc101).toContainText("Granted");
  // The subjects' count opens the subject list, below the study's own address (its Overview).
  await expect(onc101.getByRole("link", { name: `${n(subjects)} subjects` })).toHaveAttribute(
    "href",
    `${studyPath}${SUBJECTS_VIEW}`,
  );
  await expect(onc101.getByRole("link", { name: `${n(events.length)} adverse events` })).toHaveAttribute(
    "href",
    `${studyPath}/adverse-events`,
  );
  await expect(onc101).toContainText(/Data as of \d{1,2} \w{3} \d{4}, \d{2}:\d{2} UTC/);

  const onc102 = region.locator('[data-study="ONC-102"]');
  await expect(onc102).toContainText("Refused: not granted");
  await expect(onc102).toContainText("Not loaded yet");
  expect(partnerAsked).toEqual([]);
});

test("a connection whose study failed to load: its health says so, why, when, and what to do", async ({ page }) => {
  await signIn(page, createUser("home-unreachable"));
  // Nothing listens at this address: every request fails to connect (playwright.config.ts).
  const name = "Unreachable partner";
  const id = await addConnection(page, { name, baseUrl: UNREACHABLE_PARTNER_URL, ...NORTHSTAR, studies: "ONC-101" });
  await page.goto(`/studies/${id}/ONC-101`);
  await expect(page.getByRole("alert", { name: "The partner service is unavailable" })).toBeVisible();

  await page.goto("/");
  const region = page.getByRole("region", { name });
  await expect(region).toContainText(
    /Connection: Unreachable: connection failed \(load failed \d{1,2} \w{3} \d{4}, \d{2}:\d{2} UTC\)/,
  );
  await expect(region).toContainText(
    "Check the base URL in Settings, or wait a few minutes, then open the study again.",
  );
  await expect(region.getByRole("link", { name: "Test it in Settings" })).toHaveAttribute(
    "href",
    "/settings/connections",
  );
  await expect(region.locator('[data-study="ONC-101"]')).toContainText("Failing: connection failed");
});
