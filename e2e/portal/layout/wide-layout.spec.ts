/**
 * The layout from a laptop's 1280 px to a wide screen (docs/design.md): no study view scrolls sideways; the main
 * column takes the whole window less its padding at every width, so that a wide table has every pixel the window
 * has; the charts grow with the column rather than keep a laptop's size.
 */
import { expect, test } from "@playwright/test";
import { expectFits } from "../../support/layout";
import { openStudyAddress, STUDY_VIEWS } from "../../support/study";

const SCREENS = [
  { width: 1280, height: 800 },
  { width: 2560, height: 1440 },
];

for (const screen of SCREENS) {
  test.describe(`at ${screen.width} px`, () => {
    test.use({ viewport: screen });

    test("every study view fits the window; the main column fills it, whatever its width", async ({ page }) => {
      test.setTimeout(240_000);
      const study = await openStudyAddress(page, "ONC-101");
      for (const view of STUDY_VIEWS) {
        const { main, clientWidth } = await expectFits(page, `${study}${view}`);
        const padding = main.width - main.content;
        // The window less the column's padding, at 2560 px too (no cap at a laptop's or a desktop's width).
        expect(main.content, `${view}: the main column's width`).toBeCloseTo(clientWidth - padding, 0);
        expect(main.left, `${view}: from the window's left edge`).toBeCloseTo(0, 0);
      }
    });
  });
}

test("a chart grows with the window: the waterfall is wider on a wide screen than on a laptop", async ({ page }) => {
  test.setTimeout(120_000);
  const study = await openStudyAddress(page, "ONC-101");
  const widths = async (width: number) => {
    await page.setViewportSize({ width, height: 900 });
    const { main, clientWidth } = await expectFits(page, `${study}/tumour-response/waterfall`);
    const chart = page.getByRole("figure", { name: /^Waterfall:/ }).locator("svg.recharts-surface");
    await expect(chart).toBeVisible();
    return {
      content: main.content,
      padding: main.width - main.content,
      clientWidth,
      chart: (await chart.boundingBox())?.width ?? 0,
    };
  };
  const laptop = await widths(1280);
  const wide = await widths(2560);
  expect(wide.content).toBeCloseTo(wide.clientWidth - wide.padding, 0);
  expect(wide.content).toBeGreaterThan(2_400);
  // The chart takes every pixel the column gains (to within a few, recharts rounds its size).
  expect(laptop.chart).toBeGreaterThan(1_000);
  expect(wide.chart - laptop.chart).toBeCloseTo(wide.content - laptop.content, -1);
});
