/**
 * The AE chart's worst grades as an ordinal scale, read from what Chromium draws for the demo study: each legend
 * sample's and each bar segment's colour (the background of the <pattern> its fill names), their relative luminance
 * computed here with the WCAG 2.2 formula, falling strictly from grade 1 to grade 4, grade 5 darkest of all.
 */
import { expect, type Locator, test } from "@playwright/test";
import { openSection } from "../../support/study";

const GRADES = ["G1", "G2", "G3", "G4", "G5", "G?"];

const linear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
/** The relative luminance of a colour written `#rrggbb` or `rgb(r, g, b)`. */
function luminance(colour: string): number {
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour);
  const rgb = hex ? hex.slice(1).map((h) => Number.parseInt(h, 16)) : (colour.match(/\d+/g) ?? []).map(Number);
  expect(rgb, `a colour: ${colour}`).toHaveLength(3);
  const [r, g, b] = rgb.map((c) => linear(c / 255));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The background colour of the <pattern> that fills each element (null: not filled with a pattern). */
function patternColours(elements: Locator): Promise<(string | null)[]> {
  return elements.evaluateAll((els) =>
    els.map((el) => {
      const id = /^url\(#(.+)\)$/.exec(el.getAttribute("fill") ?? "")?.[1];
      const pattern = id ? el.ownerDocument.getElementById(id) : null;
      return pattern?.tagName === "pattern" ? (pattern.querySelector("rect")?.getAttribute("fill") ?? null) : null;
    }),
  );
}

const expectOrdinal = (l: number[], what: string) => {
  for (let i = 1; i < 4; i++) expect(l[i], `${what}: grade ${i + 1} darker than grade ${i}`).toBeLessThan(l[i - 1]);
  expect(l[4], `${what}: grade 5 darker than grade 4`).toBeLessThan(l[3]);
};

test("the AE chart's grades 1 to 4 go from light to dark, in its legend and on its bars", async ({ page }) => {
  await openSection(page, "ONC-101", "Adverse events");
  const figure = page.getByRole("figure", { name: /^Most frequent terms/ });
  const items = figure.getByRole("list", { name: "Worst grade" }).getByRole("listitem");
  await expect(items).toHaveCount(GRADES.length);
  const texts = await items.allTextContents();
  expect(texts.map((t) => /\((G[0-9?])\)/.exec(t)?.[1])).toEqual(GRADES);

  const legend = await patternColours(figure.getByRole("list", { name: "Worst grade" }).locator("svg > rect"));
  expect(legend.every((c) => c !== null)).toBe(true);
  const legendLuminance = legend.map((c) => luminance(c as string));
  expectOrdinal(legendLuminance, "legend");

  // Each bar segment is one grade's: its colour is one of the legend's, and the grades' order holds on the bars.
  const segments = figure.locator(".recharts-bar-rectangle path");
  await expect(segments.first()).toBeVisible();
  const drawn = await patternColours(segments);
  const gradeOf = (c: string | null) => legend.indexOf(c);
  expect(drawn.filter((c) => gradeOf(c) < 0)).toEqual([]);
  const seen = [...new Set(drawn.map(gradeOf))].sort((a, b) => a - b);
  expect(seen.length).toBeGreaterThan(2);
  const onBars = seen.filter((g) => g < 4).map((g) => luminance(legend[g] as string));
  for (let i = 1; i < onBars.length; i++) expect(onBars[i]).toBeLessThan(onBars[i - 1]);
});
