/**
 * A data check's finding lands on its record: the record's link opens the page that lists it at the record's own
 * row, scrolled into the window and marked (:target, the table's mark colour), never at the top of the page; the
 * same whether the link is followed in the portal (the router's navigation) or its address opened afresh. The
 * records are read from the findings table of ONC-101's demo data (docs/partner-service.md lists its imperfections:
 * an adverse event that ends before it starts, a laboratory result without a unit, a missed follow-up).
 */
import { expect, type Page, test } from "@playwright/test";
import { openSection, tableCells } from "../../support/study";

const CAPTION = "Findings of study ONC-101";
/** After the reader's review of each finding (Your review, First found, Comments). */
const [RULE, SUBJECT, , RECORD] = [3, 4, 5, 6];
/** The table's mark of the row a link opened (docs/design.md: --color-mark). */
const MARK = "rgb(254, 240, 138)";

/** Each record kind: a rule that names it, the address its link opens, and its row's element ID. */
const KINDS = [
  {
    rule: "Adverse event ends before it starts",
    page: /\/adverse-events\?/,
    rowId: (record: string) => `ae-${record}`,
  },
  {
    rule: "Numeric laboratory result without a unit",
    page: /\/laboratory\?issue=no-unit/,
    rowId: (record: string) => `result-${record}`,
  },
  {
    rule: "Interval far longer than usual (missed follow-up)",
    page: /\/tumour-response\/subjects\//,
    rowId: (record: string) => `assessment-${record}`,
  },
];

/** The page's one marked row is the record's (its element ID): in the window, its cells in the mark's colour. */
async function expectLanded(page: Page, rowId: string, names: string) {
  await expect(page).toHaveURL(new RegExp(`#${encodeURIComponent(rowId)}$`));
  const marked = page.locator("tbody tr:target");
  await expect(marked).toHaveCount(1);
  await expect(marked).toHaveAttribute("id", rowId);
  await expect(marked).toContainText(names);
  await expect(marked).toBeInViewport();
  await expect(marked.locator("td").first()).toHaveCSS("background-color", MARK);
}

test("each finding's record opens its row in its section, scrolled to and marked", async ({ page }) => {
  test.setTimeout(180_000);
  await openSection(page, "ONC-101", "Data checks");
  await expect(page.getByRole("table", { name: CAPTION })).toBeVisible();
  const rows = await tableCells(page, CAPTION);
  const checks = page.url();
  for (const kind of KINDS) {
    const finding = rows.find((c) => c[RULE] === kind.rule);
    expect(finding, kind.rule).toBeDefined();
    const [record, subject] = [finding![RECORD], finding![SUBJECT]];
    const link = page.getByRole("table", { name: CAPTION }).getByRole("link", { name: record, exact: true }).first();
    const href = (await link.getAttribute("href"))!;

    // Followed in the portal.
    await link.click();
    await expect(page).toHaveURL(kind.page);
    // An assessment's row starts with the assessment's ID; an event's and a result's name their subject.
    const names = kind.page.source.includes("tumour-response") ? record : subject;
    await expectLanded(page, kind.rowId(record), names);

    // Opened afresh from its address.
    await page.goto(href);
    await expectLanded(page, kind.rowId(record), names);

    await page.goto(checks);
    await expect(page.getByRole("table", { name: CAPTION })).toBeVisible();
  }
});
