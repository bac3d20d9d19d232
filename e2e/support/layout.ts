/** What the layout specs measure on a page: its width against the window's, its main column, its tables' heads. */
import { expect, type Page } from "@playwright/test";
import { settled } from "./axe-scan";

export interface Layout {
  scrollWidth: number;
  innerWidth: number;
  /** The window's width less any vertical scroll bar: what the page is laid out in. */
  clientWidth: number;
  /** The main column's box (its left edge and width) and the width inside its padding, in CSS pixels. */
  main: { left: number; width: number; content: number };
  /** Each table head's CSS position. */
  heads: string[];
}

/** The layout of the page as it is now, once it has settled. */
async function measure(page: Page): Promise<Layout> {
  await settled(page);
  return page.evaluate(() => {
    const main = document.querySelector("main");
    const box = main?.getBoundingClientRect();
    const style = main ? getComputedStyle(main) : null;
    const padding = style ? Number.parseFloat(style.paddingLeft) + Number.parseFloat(style.paddingRight) : Number.NaN;
    return {
      scrollWidth: document.scrollingElement?.scrollWidth ?? Number.POSITIVE_INFINITY,
      innerWidth: window.innerWidth,
      clientWidth: document.documentElement.clientWidth,
      main: { left: box?.left ?? Number.NaN, width: box?.width ?? Number.NaN, content: (box?.width ?? 0) - padding },
      heads: [...document.querySelectorAll("thead")].map((h) => getComputedStyle(h).position),
    };
  });
}

/** Opens `path`: the document does not scroll sideways and every table head is sticky; the page's layout. */
export async function expectFits(page: Page, path: string): Promise<Layout> {
  await page.goto(path);
  const m = await measure(page);
  expect(m.scrollWidth, `${path} is wider than the window`).toBeLessThanOrEqual(m.innerWidth);
  expect(
    m.heads.filter((p) => p !== "sticky"),
    `${path}: table heads not sticky`,
  ).toEqual([]);
  return m;
}
