/**
 * A study generated without the deliberate imperfections (the third test server, playwright.config.ts:
 * DEMO_IMPERFECTIONS=0) through a connection made in the settings like any other: its data checks run, list every
 * rule and find nothing, and its signed and recomputed best overall responses agree for every subject. The other
 * half of the check, every seeded imperfection found, is ./data-checks.spec.ts.
 */
import { expect, type Page, test } from "@playwright/test";
import { CLEAN_PARTNER_URL } from "../../../playwright.config";
import { API_PATH, NORTHSTAR as NORTHSTAR_PARTNER, TOKEN_PATH } from "../../api/support/addresses";
import { credentials } from "../../api/support/requests";
import { addConnection, alert, card, NORTHSTAR, removeConnection, signIn } from "../../support/portal";
import { createUser } from "../../support/server";
import { tableCells } from "../../support/study";
import { everyRowShown } from "../../support/tables";

// Every rule of the data checks by its title (docs/clinical-rules.md, Data checks), written out here.
const RULES = [
  "Signed conclusion differs from the recomputed response",
  "Reported target sum differs from its targets",
  "Reported changes differ from the recomputed ones",
  "Baseline targets break the selection rules",
  "Lesion appears after baseline without being a new lesion",
  "Target stops being measured",
  "Interval far longer than usual (missed follow-up)",
  "Assessments after progression would count in the best response",
  "Adverse event ends before it starts",
  "Adverse event without a grade",
  "Numeric laboratory result without a unit",
];

/** How many records of a search the clean server's partner API holds (its bundle's total). */
async function apiTotal(page: Page, search: string): Promise<number> {
  const token = await page.request.post(`${CLEAN_PARTNER_URL}${TOKEN_PATH}`, {
    form: credentials(NORTHSTAR_PARTNER),
  });
  expect(token.status()).toBe(200);
  const { access_token } = (await token.json()) as { access_token: string };
  const res = await page.request.get(`${CLEAN_PARTNER_URL}${API_PATH}/${search}&_count=1`, {
    headers: { authorization: `Bearer ${access_token}`, "x-partnerid": NORTHSTAR.partnerId },
  });
  expect(res.status(), search).toBe(200);
  return ((await res.json()) as { total: number }).total;
}

test("a study generated without imperfections: the checks run and find nothing, both BORs agree", async ({ page }) => {
  const assessments = await apiTotal(page, "DiagnosticReport?researchstudy=ONC-101");
  const lesions = await apiTotal(page, "observation?category=imaging&researchstudy=ONC-101");
  expect(assessments).toBeGreaterThan(0);
  expect(lesions).toBeGreaterThan(0);

  await signIn(page, createUser("clean-study"));
  const name = `Clean study ${Date.now()}`;
  const id = await addConnection(page, { name, baseUrl: CLEAN_PARTNER_URL, ...NORTHSTAR, studies: "ONC-101" });
  const study = `/studies/${id}/ONC-101`;

  await test.step("the data checks ran on every record and list every rule with no finding", async () => {
    await page.goto(`${study}/data-checks`);
    const rules = page.getByRole("table", { name: "Findings per rule in study ONC-101: 0 in all" });
    await expect(rules).toBeVisible();
    const counts = await rules
      .locator("tbody tr")
      .evaluateAll((rows) =>
        rows.map((tr) => [...tr.querySelectorAll("th, td")].map((c) => c.textContent?.trim() ?? "")),
      );
    expect(counts.map((r) => [r[0], r[2], r[3]])).toEqual(RULES.map((rule) => [rule, "0", "0"]));
    // The RECIST rules read the study's records, all of them: an empty or failed load would not say this.
    await expect(
      page.getByText(
        `The RECIST 1.1 checks read ${assessments.toLocaleString("en")} response assessments and ` +
          `${lesions.toLocaleString("en")} lesion records`,
      ),
    ).toBeVisible();
    await expect(page.getByRole("heading", { name: "Findings (0)" })).toBeVisible();
    await expect(page.getByText("No finding: every record follows the rules.")).toBeVisible();
    await expect(alert(page, /./)).toHaveCount(0);
  });

  await test.step("tumour response: the signed and recomputed BORs agree for every subject", async () => {
    await page.goto(`${study}/tumour-response`);
    await expect(
      page.getByText("The signed and the recomputed best overall responses agree for every evaluable subject."),
    ).toBeVisible();
    await expect(
      page.getByText("No evaluable subject's signed best overall response differs from the recomputed one."),
    ).toBeVisible();
    const bor = await tableCells(page, (await borCaption(page)) as string);
    expect(bor.length).toBeGreaterThan(0);
    for (const row of bor) expect(row.join(" "), row[0]).not.toContain("≠");
    // Every subject, evaluable or not, on one page: the signed and recomputed columns and the verdict agree.
    const subjects = page.getByRole("region", { name: "Subjects", exact: true });
    await everyRowShown(subjects.getByRole("table", { name: /^Every subject, evaluable or not/ }));
    const caption = (await subjects.locator("caption").textContent()) as string;
    const n = Number(/^Every subject, evaluable or not \((\d+)\)$/.exec(caption)?.[1]);
    const rows = await tableCells(page, caption);
    expect(rows).toHaveLength(n);
    expect(n).toBeGreaterThan(0);
    for (const r of rows) expect([r[1], r[3]], r[0]).toEqual([r[2], "= same"]);
  });

  await test.step("the connection is removed", async () => {
    await page.goto("/settings/connections");
    await removeConnection(page, card(page, name), name);
    await expect(card(page, name)).toHaveCount(0);
  });
});

/** The caption of the summary's BOR table, whatever its N. */
async function borCaption(page: Page): Promise<string | null> {
  const table = page.getByRole("table", { name: /^Best overall response as signed and as recomputed \(N = \d+\)$/ });
  await expect(table).toBeVisible();
  return table.locator("caption").textContent();
}
