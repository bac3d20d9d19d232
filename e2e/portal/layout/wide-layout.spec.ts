/**
 * The layout from a laptop's 1280 px to a wide screen (docs/design.md): no study view scrolls sideways; the main
 * column takes the window, its content up to 100rem wide (1,600 px at the 16 px root size), and is centred beyond
 * it; the charts grow with the column rather than keep a laptop's size.
 */
import { expect, test } from "@playwright/test";
import { expectFits } from "../../support/layout";
import { openStudyAddress, STUDY_VIEWS } from "../../support/study";

/** 100rem at the browser's default root size of 16 px: the widest the main column's content grows (--page-max). */
const PAGE_MAX = 1_600;
const SCREENS = [
  { width: 1280, height: 800 },
  { width: 2560, height: 1440 },
];

for (const screen of SCREENS) {
  test.describe(`at ${screen.width} px`, () => {
    test.use({ viewport: screen });

    test("every study view fits the window; the main column fills it up to 100rem, centred", async ({ page }) => {
      test.setTimeout(240_000);
      const study = await openStudyAddress(page, "ONC-101");
      for (const view of STUDY_VIEWS) {
        const { main, clientWidth } = await expectFits(page, `${study}${view}`);
        const padding = main.width - main.content;
        // The window less the column's padding, up to 100rem; the column's box in the middle of the window.
        expect(main.content, `${view}: the main column's width`).toBeCloseTo(
          Math.min(clientWidth - padding, PAGE_MAX),
          0,
        );
        expect(main.left, `${view}: centred`).toBeCloseTo((clientWidth - main.width) / 2, 0);
      }
    });
  });
}

test("a chart grows with the window: the waterfall is wider on a wide screen than on a laptop", async ({ page }) => {
  test.setTimeout(120_000);
  const study = await openStudyAddress(page, "ONC-101");
  const widths = async (width: number) => {
    await page.setViewportSize({ width, height: 900 });
    const { main } = await expectFits(page, `${study}/tumour-response/waterfall`);
    const chart = page.getByRole("figure", { name: /^Waterfall:/ }).locator("svg.recharts-surface");
    await expect(chart).toBeVisible();
    return { content: main.content, chart: (await chart.boundingBox())?.width ?? 0 };
  };
  const laptop = await widths(1280);
  const wide = await widths(2560);
  expect(wide.content).toBeCloseTo(PAGE_MAX, 0);
  // The chart takes every pixel the column gains (to within a few, recharts rounds its size).
  expect(laptop.chart).toBeGreaterThan(1_000);
  expect(wide.chart - laptop.chart).toBeCloseTo(wide.content - laptop.content, -1);
});
