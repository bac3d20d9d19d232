/**
 * Liver safety (eDISH) at its lines, against the demo server: the subjects exactly on a threshold and those nearest
 * the lines are in the quadrant the rules give (a transaminase at its line is high, a bilirubin must be above its
 * line), with the peaks on treatment and of all results, in multiples of the ULN and of baseline; the page names
 * the conventions in force; and each possible Hy's law subject has the R ratio of its ALT peak's sample. Every
 * expected value comes from the partner API's own records (./liver.expected.ts), never from the portal's code.
 */
import { expect, type Page, test } from "@playwright/test";
import { signIn } from "../../support/portal";
import { openMethods, openStudy } from "../../support/study";
import { expectedPoints, expectedRatios, LABEL, type Point, patternOf, type Settings } from "./liver.expected";

async function openLiver(page: Page, query: string) {
  await signIn(page);
  await openStudy(page, "ONC-101");
  await page.goto(`${new URL(page.url()).pathname}/laboratory/liver${query}`);
  await expect(page.getByRole("heading", { level: 3, name: "Liver safety (eDISH)" })).toBeVisible();
}

const quadrantTable = (page: Page) => page.getByRole("table", { name: /Subjects by eDISH quadrant/ });
const quadrantRow = (page: Page, q: string) => quadrantTable(page).locator(`tr[data-quadrant="${q}"]`);
const listing = (page: Page) =>
  page.getByRole("table", { name: /Subjects of study ONC-101 in every quadrant, by peak/ });

/** The subjects exactly on a line, and the `n` nearest the lines besides (by the ratio to the nearer line). */
function nearLines(points: Point[], s: Settings, n: number): Point[] {
  const distance = (p: Point) => Math.min(Math.abs(Math.log(p.at.x / s.x)), Math.abs(Math.log(p.at.y / s.y)));
  const exact = points.filter((p) => p.at.x === s.x || p.at.y === s.y);
  const rest = points.filter((p) => !exact.includes(p)).sort((a, b) => distance(a) - distance(b));
  return [...exact, ...rest.slice(0, n)];
}

const VIEWS: [string, Settings, string][] = [
  // The query, the settings it names, the convention line of the peaks.
  [
    "",
    { enzyme: "ALT", x: 3, y: 2, days: 30 },
    "Peaks of the results on treatment: dated after the day of each subject's first dose",
  ],
  ["peaks=all", { enzyme: "ALT", x: 3, y: 2, days: 30, peaks: "all" }, "Peaks of every result, at any time"],
  [
    "scale=baseline",
    { enzyme: "ALT", x: 3, y: 2, days: 30, scale: "baseline" },
    "Peaks of the results on treatment: dated after the day of each subject's first dose",
  ],
  [
    "peaks=all&scale=baseline",
    { enzyme: "ALT", x: 3, y: 2, days: 30, peaks: "all", scale: "baseline" },
    "Peaks of every result",
  ],
];

for (const [query, settings, peaksLine] of VIEWS) {
  test(`the subjects on and nearest the lines are in the quadrant the rules give (${query || "default"})`, async ({
    page,
    request,
  }) => {
    const points = await expectedPoints(request, settings);
    expect(points.length).toBe(40);
    await openLiver(page, `?${query}${query ? "&" : ""}subj_size=100`);
    const unit = settings.scale === "baseline" ? "×baseline" : "×ULN";

    // The conventions in force, each with its link to the rules, in the method disclosure.
    await openMethods(page);
    const conventions = [
      [peaksLine, "which-results-the-peaks-use"],
      [`Possible Hy's law: ALT at or above 3${unit} and total bilirubin above 2${unit}`, "points-and-quadrants"],
    ];
    for (const [text, anchor] of conventions) {
      const line = page.locator("p", { hasText: text });
      await expect(line).toBeVisible();
      await expect(line.getByRole("link", { name: "How this is counted" })).toHaveAttribute("href", `/rules#${anchor}`);
    }
    await expect(quadrantRow(page, "hys-law")).toContainText(`ALT ≥ 3${unit} and bilirubin > 2${unit}`);

    // The quadrant counts.
    for (const q of Object.keys(LABEL)) {
      const n = points.filter((p) => p.quadrant === q).length;
      await expect(
        quadrantRow(page, q).getByRole("link", { name: `${n} subjects in ${LABEL[q]}`, exact: true }),
      ).toBeVisible();
    }

    // Each subject near a line: its quadrant and its plotted multiples, as the listing shows them.
    const table = listing(page);
    await expect(table.locator("tbody tr")).toHaveCount(40);
    const yColumn = settings.scale === "baseline" ? 10 : 7;
    const near = nearLines(points, settings, 4);
    expect(near.length).toBeGreaterThan(0);
    for (const p of near) {
      const row = table.locator("tbody tr", {
        has: page.locator("td:first-child", { hasText: new RegExp(`^${p.subject}$`) }),
      });
      const cells = row.locator("td");
      await expect(cells.nth(1), `${p.subject} at ${p.at.x}, ${p.at.y}`).toHaveText(LABEL[p.quadrant]);
      await expect(cells.nth(2)).toHaveText(String(p.at.x));
      await expect(cells.nth(yColumn)).toHaveText(String(p.at.y));
    }
  });
}

test("the settings form switches the peaks and the scale, and the URL keeps them", async ({ page, request }) => {
  await openLiver(page, "");
  const form = page.getByRole("form", { name: "eDISH settings" });
  await expect(form.getByLabel("Peaks of")).toHaveValue("on-treatment");
  await expect(form.getByLabel("Multiples of")).toHaveValue("uln");
  await form.getByLabel("Peaks of").selectOption("all");
  await form.getByLabel("Multiples of").selectOption("baseline");
  await form.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/peaks=all&window=30&scale=baseline/);
  await expect(form.getByLabel("Bilirubin threshold (×baseline)")).toHaveValue("2");
  await expect(page.getByRole("table", { name: /by peak ALT and total bilirubin ×baseline/ })).toBeVisible();
  const points = await expectedPoints(request, {
    enzyme: "ALT",
    x: 3,
    y: 2,
    days: 30,
    peaks: "all",
    scale: "baseline",
  });
  for (const q of Object.keys(LABEL)) {
    const n = points.filter((p) => p.quadrant === q).length;
    await expect(
      quadrantRow(page, q).getByRole("link", { name: `${n} subjects in ${LABEL[q]}`, exact: true }),
    ).toBeVisible();
  }
  await openMethods(page);
  await expect(page.locator("p", { hasText: "Multiples of baseline: each peak's ×ULN over" })).toBeVisible();
});

const PATTERN_VIEWS: [string, Settings][] = [
  ["?x=1&y=1", { enzyme: "ALT", x: 1, y: 1, days: 30 }],
  ["?enzyme=AST&scale=baseline&x=1.5&y=1.5", { enzyme: "AST", x: 1.5, y: 1.5, days: 30, scale: "baseline" }],
];

for (const [query, settings] of PATTERN_VIEWS) {
  test(`each possible Hy's law subject has the R of its ALT peak's sample (${query})`, async ({ page, request }) => {
    const ratios = await expectedRatios(request, settings);
    await openLiver(page, query);
    const section = page.getByRole("region", { name: /Pattern of injury of the possible Hy's law subjects/ });
    await expect(
      section.getByRole("heading", { name: `Pattern of injury of the possible Hy's law subjects (${ratios.size})` }),
    ).toBeVisible();
    await expect(section.getByRole("link", { name: "How this is counted" })).toHaveAttribute(
      "href",
      "/rules#pattern-of-injury-by-the-r-ratio",
    );
    if (ratios.size === 0) {
      await expect(section).toContainText("No subject is in the possible Hy's law quadrant.");
      return;
    }
    const hysLaw = quadrantRow(page, "hys-law");
    for (const [subject, r] of ratios) {
      const row = section.locator(`tr[data-subject="${subject}"]`);
      if (r === null) {
        await expect(row).toContainText("Not available");
        continue;
      }
      const cells = row.locator("td");
      await expect(cells.nth(4)).toHaveText(String(r));
      await expect(cells.nth(5)).toHaveText(patternOf(r));
      // Beside the subject in the count table's possible Hy's law row.
      if (ratios.size <= 20) await expect(hysLaw).toContainText(`${subject} (${patternOf(r).toLowerCase()}, R ${r})`);
    }
  });
}
