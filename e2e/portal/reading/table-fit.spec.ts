/**
 * Tables as a reviewer reads them on a 1440 × 900 screen (docs/design.md, Tables): each wide table's key columns are
 * in view in its scroll box without scrolling sideways; no body row is taller than its content needs and no text is
 * squeezed to a word a line; the scroll box is the table's only one, within the window and without blank space
 * below its rows; a table of ten rows or fewer is lean (no search, filter row or pager; sorting and export kept); a
 * count the page states is not repeated by the pager; and the Columns chooser keeps a user's choice per table, in
 * the portal, for every browser the user signs in on.
 */
import { expect, type Locator, type Page, type Response, test } from "@playwright/test";
import { E2E_BASE_URL } from "../../../playwright.config";
import { settled } from "../../support/axe-scan";
import { addConnection, NORTHSTAR, signIn } from "../../support/portal";
import { createUser } from "../../support/server";
import { openStudyAddress, SUBJECTS_VIEW } from "../../support/study";
import { rowStatus, tableContainer } from "../../support/tables";

test.use({ viewport: { width: 1440, height: 900 } });

const STUDY = "ONC-101";

/** The wide tables and their key columns, by header text (the `priority: "key"` columns of their definitions). */
const WIDE_TABLES = [
  {
    name: "the laboratory overview",
    view: "/laboratory",
    caption: /^Laboratory tests of study ONC-101/,
    keys: ["Test", "Unit", "Subjects", "Results", "Below range (L)", "Above range (H)", "Flags"],
  },
  {
    name: "a laboratory test's listing",
    view: "/laboratory?test=code%3ALB0214&show=all",
    caption: /^All results of ALT/,
    keys: ["Review", "Subject", "Visit", "Test", "Value", "Text result", "Unit", "Flag"],
  },
  {
    name: "the adverse-event listing",
    view: "/adverse-events",
    caption: /^Adverse events of study ONC-101/,
    keys: ["Review", "Subject", "Term", "Grade", "Start", "Related", "Flags", "Record"],
  },
  {
    name: "the tumour-response subject table",
    view: "/tumour-response",
    caption: /^Every subject, evaluable or not/,
    keys: [
      "Subject",
      "BOR as signed",
      "BOR as recomputed",
      "Signed and recomputed",
      "Best % change from baseline (recomputed)",
    ],
  },
  {
    name: "the subject list",
    view: SUBJECTS_VIEW,
    caption: /^Subjects of study ONC-101/,
    keys: ["Subject ID", "Adverse events", "Response assessments", "Note"],
  },
];

/** A text column's narrowest readable width when its text wraps (data-table.module.css, .prose: 11rem), less a rem. */
const PROSE_MIN_PX = 160;

interface Fit {
  /** Key headers missing from the table, or outside the visible rectangle of its scroll box. */
  hidden: string[];
  /** Rows taller than their tallest cell's lines and padding, with both heights. */
  tallRows: string[];
  /** Cells whose text wraps in a column narrower than a readable width, with the width. */
  squeezed: string[];
  /** The scroll box: its blank height below the table, its height against the window's, its sideways scroll. */
  blankBelow: number;
  boxHeight: number;
  windowHeight: number;
  scrollLeft: number;
  /** The document's width beyond the window's (the table's box is the only sideways scroll). */
  pageOverflow: number;
}

/**
 * Measures a table in its scroll box. A row's need is measured per cell as the number of its line boxes (the
 * distinct tops of its content's client rects) times the line height, plus its vertical padding, so that a row
 * stretched beyond its content (a height or min-height on the table or its rows, a box that spreads its blank
 * space over them) fails. A row as tall as a cell whose words are stacked one a line (a column squeezed to its
 * narrowest, off screen or not) passes that test, so each wrapped cell must also be a readable width: that is what
 * fails for the overview's "4.10-5.10; 4.50-5.90" broken over two lines in a 90 px column, and for a subject ID
 * broken at its hyphen.
 */
function measure(table: Locator, keys: string[]): Promise<Fit> {
  return table.evaluate(
    (t, { keys, proseMin }) => {
      const box = t.parentElement as HTMLElement;
      const r = box.getBoundingClientRect();
      const inside = { left: r.left + box.clientLeft, top: r.top + box.clientTop };
      const visible = { ...inside, right: inside.left + box.clientWidth, bottom: inside.top + box.clientHeight };
      const heads = [...t.querySelectorAll("thead tr:first-child th")].map((th) => ({
        text: (th.textContent ?? "").replace(/[▲▼]/g, "").trim(),
        rect: th.getBoundingClientRect(),
      }));
      const hidden = keys.filter((k) => {
        const h = heads.find((x) => x.text === k);
        if (!h) return true;
        const e = 0.5;
        const { left, right, top, bottom } = h.rect;
        return (
          left < visible.left - e || right > visible.right + e || top < visible.top - e || bottom > visible.bottom + e
        );
      });
      // The line boxes of a cell's content: its client rects' tops, those within half a line of another one line.
      const lines = (td: Element, lineHeight: number) => {
        const range = document.createRange();
        range.selectNodeContents(td);
        const tops = [...range.getClientRects()]
          .filter((x) => x.height > 0)
          .map((x) => x.top)
          .sort((a, b) => a - b);
        return tops.filter((top, i) => i === 0 || top - tops[i - 1] > lineHeight / 2).length;
      };
      const tallRows: string[] = [];
      const squeezed: string[] = [];
      for (const tr of t.querySelectorAll("tbody tr")) {
        let need = 0;
        for (const td of tr.querySelectorAll("td")) {
          const s = getComputedStyle(td);
          const n = lines(td, Number.parseFloat(s.lineHeight));
          const own =
            n * Number.parseFloat(s.lineHeight) + Number.parseFloat(s.paddingTop) + Number.parseFloat(s.paddingBottom);
          need = Math.max(need, own + Number.parseFloat(s.borderBottomWidth));
          const width = td.getBoundingClientRect().width;
          if (n > 1 && width < proseMin)
            squeezed.push(`"${td.textContent?.trim()}" on ${n} lines, ${Math.round(width)} px`);
        }
        const height = tr.getBoundingClientRect().height;
        if (height > need + 2)
          tallRows.push(`${tr.textContent?.slice(0, 40)}: ${Math.round(height)} px, needs ${need}`);
      }
      return {
        hidden,
        tallRows,
        squeezed,
        blankBelow: box.scrollHeight - t.getBoundingClientRect().height,
        boxHeight: r.height,
        windowHeight: window.innerHeight,
        scrollLeft: box.scrollLeft,
        pageOverflow: (document.scrollingElement?.scrollWidth ?? 0) - window.innerWidth,
      };
    },
    { keys, proseMin: PROSE_MIN_PX },
  );
}

async function openTable(page: Page, study: string, view: string, caption: RegExp): Promise<Locator> {
  await page.goto(`${study}${view}`);
  const table = page.getByRole("table", { name: caption });
  await expect(table).toBeVisible({ timeout: 60_000 });
  await settled(page);
  return table;
}

test("each wide table shows its key columns at 1440 px, in one scroll box, with rows as tall as their content", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const study = await openStudyAddress(page, STUDY);
  for (const { name, view, caption, keys } of WIDE_TABLES) {
    const table = await openTable(page, study, view, caption);
    const fit = await measure(table, keys);
    expect(fit.hidden, `${name}: key columns out of view`).toEqual([]);
    expect(fit.scrollLeft, `${name}: scrolled sideways`).toBe(0);
    expect(fit.tallRows, `${name}: rows taller than their content`).toEqual([]);
    expect(fit.squeezed, `${name}: text squeezed to a word a line`).toEqual([]);
    expect(fit.blankBelow, `${name}: blank space below the rows in the box`).toBeLessThanOrEqual(1);
    // Within the window, so that its sideways scroll bar can be reached with its rows in view.
    expect(fit.boxHeight, `${name}: the scroll box's height`).toBeLessThanOrEqual(fit.windowHeight);
    expect(fit.pageOverflow, `${name}: the page scrolls sideways`).toBeLessThanOrEqual(0);
    // The head stays in view within the box, and the first column when the box scrolls sideways.
    await expect(table.locator("thead")).toHaveCSS("position", "sticky");
    await expect(table.locator("tbody tr").first().locator("td").first()).toHaveCSS("position", "sticky");
  }
});

/** What a lean table does not have, within its container (its toolbar, its box, its pager). */
async function expectLean(table: Locator, rows: number) {
  const container = tableContainer(table);
  await expect(table.locator("tbody tr")).toHaveCount(rows);
  await expect(table.locator("thead tr")).toHaveCount(1);
  await expect(container.getByLabel(/^Filter /)).toHaveCount(0);
  await expect(container.getByLabel("Search all columns")).toHaveCount(0);
  await expect(container.getByLabel("Rows per page")).toHaveCount(0);
  await expect(container.getByRole("button", { name: "Next page" })).toHaveCount(0);
  await expect(rowStatus(table)).toHaveCount(0);
  // Sorting and export stay.
  await expect(table.locator("thead th[aria-sort]").first()).toBeVisible();
  await expect(container.getByRole("group", { name: /^Export / })).toBeVisible();
}

test("a table of ten rows or fewer has no search, filter row or pager; a larger one has them", async ({ page }) => {
  const study = await openStudyAddress(page, STUDY);
  // The subject list: 40 subjects, its controls all there.
  const subjects = page.getByRole("table", { name: /^Subjects of study ONC-101/ });
  await expect(tableContainer(subjects).getByLabel("Search all columns")).toBeVisible();
  await expect(tableContainer(subjects).getByLabel("Filter Sex")).toBeVisible();
  await expect(tableContainer(subjects).getByLabel("Rows per page")).toBeVisible();

  // The study drug's exposure: four lines (exposed, on drug, a dose change, a known first dose), whatever the data.
  const exposure = await openTable(page, study, "/medications", /^Study drug exposure in study ONC-101: n \(%\) of N/);
  await expectLean(exposure, 4);
  // Sorting still works: by n, descending, on a second click.
  const n = exposure.getByRole("columnheader", { name: "n", exact: true });
  await n.getByRole("button").click();
  await n.getByRole("button").click();
  await expect(n).toHaveAttribute("aria-sort", "descending");
  const counts = (await exposure.locator("tbody tr td:nth-child(2)").allTextContents()).map((c) => Number(c.trim()));
  expect(counts).toEqual([...counts].sort((a, b) => b - a));

  // The best overall response table: CR, PR, SD, Non-CR/Non-PD, PD, NE, N, ORR, DCR and those left out: ten rows.
  const bor = await openTable(page, study, "/tumour-response", /^Best overall response as signed and as recomputed/);
  await expectLean(bor, 10);
});

test("a count the page states is not repeated by the pager in another form", async ({ page }) => {
  const study = await openStudyAddress(page, STUDY);
  // The AE listing: its line "288 of 288 events, of 40 subjects." says the count; the pager says where the page is.
  const listing = await openTable(page, study, "/adverse-events", /^Adverse events of study ONC-101/);
  await expect(page.getByRole("status").filter({ hasText: / events, of / })).toHaveText(/^\d[\d,]* of \d[\d,]* events/);
  await expect(rowStatus(listing)).toHaveText("Rows 1–25");
  // The subject list's caption says it: "Subjects of study ONC-101 (40)".
  const subjects = await openTable(page, study, SUBJECTS_VIEW, /^Subjects of study ONC-101 \(\d+\)$/);
  await expect(rowStatus(subjects)).toHaveText("Rows 1–25");
  // Its own filters narrow it: then the pager counts what passes them, of how many.
  await tableContainer(subjects).getByLabel("Filter Sex").fill("=Female");
  await expect(rowStatus(subjects)).toHaveText(/^Rows 1–\d+ of \d+ \(filtered from \d+\)$/);
});

/** The save of a table's choice whose columns named are `named` (POST /table-columns, after a pause in clicking). */
function choiceSaved(page: Page, table: string, named: number): Promise<Response> {
  return page.waitForResponse((r) => {
    if (!r.url().endsWith("/table-columns") || r.request().method() !== "POST") return false;
    const body = r.request().postDataJSON() as { table: string; choices: Record<string, boolean> };
    return body.table === table && Object.keys(body.choices).length === named;
  });
}

/**
 * A table's caption and header row in a page's HTML as the server sent it (the rows' data in the page's script is
 * left out: it names every column, shown or not).
 */
function headInHtml(html: string, caption: string): string {
  const at = html.indexOf(`<caption>${caption}`);
  expect(at, `the table "${caption}" in the server's HTML`).toBeGreaterThan(-1);
  return html.slice(at, html.indexOf("</thead>", at));
}

/** The Columns chooser of a table, and one of its headers by name. */
function chooserOf(table: Locator) {
  const chooser = tableContainer(table)
    .locator("details")
    .filter({ hasText: /^Columns \(/ });
  const header = (name: string) => table.getByRole("columnheader", { name, exact: true });
  return { chooser, header };
}

test("the Columns chooser hides a column, keeps the choice for the user on another browser, resets it", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // An account of its own: the choice is the user's, kept in the portal, while other tests read the demo user's
  // tables with their defaults.
  const user = createUser("columns");
  await signIn(page, user);
  const id = await addConnection(page, { name: "Columns", baseUrl: E2E_BASE_URL, ...NORTHSTAR, studies: STUDY });
  const study = `/studies/${id}/${STUDY}`;
  const caption = /^Laboratory tests of study ONC-101/;
  const overview = await openTable(page, study, "/laboratory", caption);
  const { chooser, header } = chooserOf(overview);
  // Min, median and max are hidden by default; a key column has no checkbox.
  await expect(header("Median")).toHaveCount(0);
  await chooser.locator("summary").click();
  await expect(chooser.getByRole("checkbox", { name: "Test", exact: true })).toHaveCount(0);
  const saved = choiceSaved(page, "laboratory.overview", 2);
  await chooser.getByRole("checkbox", { name: "Median", exact: true }).check();
  await chooser.getByRole("checkbox", { name: "Service code", exact: true }).uncheck();
  await expect(header("Median")).toBeVisible();
  await expect(header("Service code")).toHaveCount(0);
  expect((await saved).status()).toBe(204);
  await expect(chooser.getByRole("status")).toHaveCount(0);

  // Kept for this table: after a reload; another table keeps its own columns; nothing kept in the browser.
  await page.reload();
  await expect(header("Median")).toBeVisible();
  await expect(header("Service code")).toHaveCount(0);
  const kept = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes("columns")));
  expect(kept).toEqual([]);
  const subjects = await openTable(page, study, SUBJECTS_VIEW, /^Subjects of study ONC-101/);
  await expect(subjects.getByRole("columnheader", { name: "Subject study number", exact: true })).toBeVisible();

  // The same user on another browser (a fresh context: no cookies, no storage) finds the columns chosen, in the
  // server's HTML before the page's script runs.
  const elsewhere = await browser.newContext({ baseURL: E2E_BASE_URL, viewport: { width: 1440, height: 900 } });
  try {
    const other = await elsewhere.newPage();
    await signIn(other, user);
    const head = headInHtml(await (await other.request.get(`${study}/laboratory`)).text(), "Laboratory tests of study");
    expect(head).toContain(">Median<");
    expect(head).not.toContain(">Service code<");
    const there = await openTable(other, study, "/laboratory", caption);
    await expect(chooserOf(there).header("Median")).toBeVisible();
    await expect(chooserOf(there).header("Service code")).toHaveCount(0);

    // Back to the defaults, here: the other browser finds them too.
    await openTable(page, study, "/laboratory", caption);
    const reset = choiceSaved(page, "laboratory.overview", 0);
    await chooser.locator("summary").click();
    await chooser.getByRole("button", { name: "Default columns" }).click();
    await expect(header("Median")).toHaveCount(0);
    await expect(header("Service code")).toBeVisible();
    expect((await reset).status()).toBe(204);
    await other.reload();
    await expect(chooserOf(there).header("Median")).toHaveCount(0);
    await expect(chooserOf(there).header("Service code")).toBeVisible();
  } finally {
    await elsewhere.close();
  }
});
