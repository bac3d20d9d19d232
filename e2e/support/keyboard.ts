/**
 * Keyboard-only steps: Tab (or Shift+Tab) until a control has focus, checking at every stop that the focused
 * element shows it (WCAG 2.4.7 focus visible, 2.4.11 focus not obscured): it matches :focus-visible, draws an
 * outline of at least 2 px (or a box shadow) whose colour has 3:1 or more against the white page (1.4.11), and
 * lies inside the viewport. The contrast formula is written here, not taken from the portal's code.
 */
import { expect, type Locator, type Page } from "@playwright/test";

interface FocusLook {
  what: string;
  focusVisible: boolean;
  outlineStyle: string;
  outlineWidth: number;
  outlineColor: string;
  boxShadow: string;
  inView: boolean;
}

/** The focused element's look, or null when nothing in the page has focus. */
function focusLook(page: Page): Promise<FocusLook | null> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!(el instanceof HTMLElement || el instanceof SVGElement) || el === document.body) return null;
    const s = getComputedStyle(el);
    const r = el.getBoundingClientRect();
    return {
      what: el.outerHTML.slice(0, 160),
      focusVisible: el.matches(":focus-visible"),
      outlineStyle: s.outlineStyle,
      outlineWidth: Number.parseFloat(s.outlineWidth),
      outlineColor: s.outlineColor,
      boxShadow: s.boxShadow,
      inView: r.bottom > 0 && r.right > 0 && r.top < window.innerHeight && r.left < window.innerWidth,
    };
  });
}

/** WCAG 2.2 relative luminance of a computed `rgb(r, g, b)` colour. */
function luminance(css: string): number {
  const [r, g, b] = (css.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
    const c = Number(v) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Contrast of a colour against white. */
export const contrastOnWhite = (css: string) => 1.05 / (luminance(css) + 0.05);

/** The focused element shows its focus: a visible ring of enough contrast, on screen. */
export async function expectFocusVisible(page: Page): Promise<void> {
  const look = await focusLook(page);
  expect(look, "something in the page has focus").not.toBeNull();
  const l = look!;
  expect(l.focusVisible, `${l.what} matches :focus-visible`).toBe(true);
  const ring = l.outlineStyle !== "none" && l.outlineWidth >= 2;
  expect(ring || l.boxShadow !== "none", `${l.what} has a focus ring`).toBe(true);
  if (ring) expect(contrastOnWhite(l.outlineColor), `${l.what}: ring contrast`).toBeGreaterThanOrEqual(3);
  expect(l.inView, `${l.what} is in the viewport`).toBe(true);
}

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement);

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has focus, checking the focus at every stop. Fails when the
 * focus leaves the page's end (it went round every stop without reaching `target`), or after `max` presses when
 * given. Returns how many it took. The page's stops are not counted in advance: controls that are disabled until
 * the page's script runs join them while the walk goes on (a count taken too early failed in CI).
 */
export async function tabTo(page: Page, target: Locator, { back = false, max = 0 } = {}): Promise<number> {
  await expect(target).toBeAttached();
  // A table's controls are disabled, out of the Tab order, until the page's script runs.
  await expect(target).toBeEnabled();
  const keys = back ? "Shift+Tab" : "Tab";
  for (let presses = 1; presses <= (max || WHOLE_PAGE_LIMIT); presses++) {
    await page.keyboard.press(keys);
    if ((await focusLook(page)) === null) {
      throw new Error(`${keys} went through the page's ${presses - 1} stops without reaching ${target}`);
    }
    await expectFocusVisible(page);
    if (await isFocused(target)) return presses;
  }
  throw new Error(`${max || WHOLE_PAGE_LIMIT} presses of ${keys} did not reach ${target}`);
}

/** Far more stops than any page of the portal has: a walk that long is stuck, not still going. */
const WHOLE_PAGE_LIMIT = 2_000;
