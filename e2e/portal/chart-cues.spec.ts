/**
 * Colour is never the only cue (docs/accessibility.md, Charts), checked on what Chromium draws for the demo study:
 * the AE chart's grades and the waterfall's responses are filled with patterns whose marks differ, each the one its
 * legend shows for that category; the spider plot's points have their response's marker shape, the one of the
 * legend; the AE chart writes grades on its segments. The palette's own test (components/charts/palette.test.ts)
 * checks the colours; this one checks that the charts use the cues.
 */
import { expect, type Locator, type Page, test } from "@playwright/test";
import { openStudy, signIn } from "./study-steps";

/** The response letters the plots' legends show, and the worst grades the AE chart's legend shows. */
const RESPONSES = ["CR", "PR", "SD", "PD", "NE"];
const GRADES = ["G1", "G2", "G3", "G4", "G5", "G?"];

async function openStudyPath(page: Page, below: string) {
  await signIn(page);
  await openStudy(page, "ONC-101");
  await page.goto(`${new URL(page.url()).pathname}${below}`);
}

/** What a fill `url(#id)` paints: its <pattern>'s colour and marks, and the marks alone (null: not a pattern). */
interface Fill {
  /** data-subject and data-bor of the element, where it has them. */
  subject: string | null;
  bor: string | null;
  drawing: string | null;
  marks: string | null;
}

/**
 * The fills of `elements` (or of the first `inner` element of each): the referenced <pattern>'s drawing with its
 * id left out, and its marks alone (every child after the background of the category's colour), so that two
 * categories' patterns compare by what they draw besides their colour.
 */
function fillsOf(elements: Locator, inner?: string): Promise<Fill[]> {
  return elements.evaluateAll(
    (els, inner) =>
      els.map((el) => {
        const target = inner ? el.querySelector(inner) : el;
        const id = /^url\(#(.+)\)$/.exec(target?.getAttribute("fill") ?? "")?.[1];
        const pattern = id ? el.ownerDocument.getElementById(id) : null;
        const isPattern = pattern?.tagName === "pattern";
        return {
          subject: el.getAttribute("data-subject"),
          bor: el.getAttribute("data-bor"),
          drawing: isPattern ? pattern.innerHTML : null,
          marks: isPattern
            ? [...pattern.children]
                .slice(1)
                .map((c) => c.outerHTML)
                .join("")
            : null,
        };
      }),
    inner,
  );
}

/** A legend's items by the label each contains (`labels`, in the legend's order). */
async function legendItems(legend: Locator, labels: string[]): Promise<Map<string, Locator>> {
  const items = legend.getByRole("listitem");
  // The legend is drawn with its chart, every item at once.
  await expect(items.first()).toBeVisible();
  const texts = await items.allTextContents();
  const found = new Map<string, Locator>();
  texts.forEach((text, i) => {
    const label = labels.find((l) => text.includes(l));
    if (label && !found.has(label)) found.set(label, items.nth(i));
  });
  return found;
}

/** Each legend item's swatch fill: the category's sample (its <svg> with its own pattern). */
async function legendFills(legend: Locator, labels: string[]): Promise<Map<string, Fill>> {
  const out = new Map<string, Fill>();
  for (const [label, item] of await legendItems(legend, labels)) {
    const swatch = item.locator("svg[data-pattern]");
    await expect(swatch, `the legend's sample of ${label}`).toHaveCount(1);
    out.set(label, (await fillsOf(swatch, ":scope > rect"))[0]);
  }
  return out;
}

test("the AE chart fills each worst grade with its legend's pattern, all different, and writes grades on it", async ({
  page,
}) => {
  await openStudyPath(page, "/adverse-events");
  const figure = page.getByRole("figure", { name: /^Most frequent terms/ });
  const legend = figure.getByRole("list", { name: "Worst grade" });
  const samples = await legendFills(
    legend,
    GRADES.map((g) => `(${g})`),
  );
  expect([...samples.keys()]).toEqual(GRADES.map((g) => `(${g})`));
  // Six grades, six different patterns of marks: they differ by more than colour (grade 1's is solid: no marks).
  expect([...samples.values()].every((f) => f.drawing !== null)).toBe(true);
  expect(new Set([...samples.values()].map((f) => f.marks)).size).toBe(GRADES.length);

  const segments = figure.locator(".recharts-bar-rectangle path");
  await expect(segments.first()).toBeVisible();
  const drawn = await fillsOf(segments);
  // Every segment is filled with one of the legend's patterns, and the demo's top terms show several grades.
  const legendDrawings = new Set([...samples.values()].map((f) => f.drawing));
  expect(drawn.filter((f) => f.drawing === null || !legendDrawings.has(f.drawing))).toEqual([]);
  expect(new Set(drawn.map((f) => f.marks)).size).toBeGreaterThan(2);

  // A segment wide enough carries its grade, written on it: the segment under each grade's letters has that grade's
  // legend pattern. (recharts draws the letters in a layer of their own, so they are matched by where they are.)
  const lettered = await figure.locator("svg.recharts-surface").evaluate((svg) => {
    const segments = [...svg.querySelectorAll(".recharts-bar-rectangle path")].map((path) => {
      const id = /^url\(#(.+)\)$/.exec(path.getAttribute("fill") ?? "")?.[1];
      const pattern = id ? svg.ownerDocument.getElementById(id) : null;
      return { box: path.getBoundingClientRect(), drawing: pattern?.tagName === "pattern" ? pattern.innerHTML : null };
    });
    return [...svg.querySelectorAll(".recharts-label-list text")].map((text) => {
      const r = text.getBoundingClientRect();
      const [x, y] = [r.x + r.width / 2, r.y + r.height / 2];
      const under = segments.filter((s) => s.box.left <= x && x <= s.box.right && s.box.top <= y && y <= s.box.bottom);
      return { grade: text.textContent ?? "", under: under.map((s) => s.drawing) };
    });
  });
  expect(new Set(lettered.map((l) => l.grade)).size).toBeGreaterThanOrEqual(3);
  const misplaced = lettered.filter((l) => l.under.length !== 1 || l.under[0] !== samples.get(`(${l.grade})`)?.drawing);
  expect(misplaced).toEqual([]);
});

test("the waterfall fills each bar with its response's legend pattern; spider points have its marker", async ({
  page,
}) => {
  await openStudyPath(page, "/tumour-response/waterfall?bor=signed");
  const legend = page.getByRole("list", { name: "Best overall response as signed" });
  const patterns = await legendFills(legend, RESPONSES);
  expect([...patterns.keys()]).toEqual(RESPONSES);
  expect(new Set([...patterns.values()].map((f) => f.marks)).size).toBe(RESPONSES.length);

  const bars = page.locator("g[data-bor]");
  await expect(bars.first()).toBeVisible();
  const drawn = await fillsOf(bars, "rect");
  // Each bar has exactly the pattern (colour and marks) its response has in the legend.
  const wrong = drawn.filter((f) => f.drawing === null || patterns.get(f.bor ?? "")?.drawing !== f.drawing);
  expect(wrong).toEqual([]);
  // The demo study's bars show more than one response, so the patterns tell them apart.
  expect(new Set(drawn.map((f) => f.bor)).size).toBeGreaterThan(1);
  const borOf = new Map(drawn.map((f) => [f.subject ?? "", f.bor ?? ""]));

  // The spider plot: each point has the marker of its subject's response, the one its legend shows.
  await page.goto(page.url().replace(/\/waterfall\?.*$/, "/spider?bor=signed"));
  const spiderLegend = page.getByRole("list", { name: "Line colours and markers" });
  const markers = new Map<string, { marker: string | null; path: string | null }>();
  for (const [label, item] of await legendItems(spiderLegend, RESPONSES)) {
    const swatch = item.locator("svg[data-marker]");
    markers.set(label, {
      marker: await swatch.getAttribute("data-marker"),
      path: await swatch.locator("path").getAttribute("d"),
    });
  }
  expect([...markers.keys()]).toEqual(RESPONSES);
  // Five responses, five shapes: the legend's samples are drawn at one size, so their paths differ by shape alone.
  expect(new Set([...markers.values()].map((m) => m.marker)).size).toBe(RESPONSES.length);
  expect(new Set([...markers.values()].map((m) => m.path)).size).toBe(RESPONSES.length);

  const points = page.locator("g[data-day]");
  await expect(points.first()).toBeVisible();
  const shapes = await points.evaluateAll((gs) =>
    gs.map((g) => ({
      subject: g.getAttribute("data-subject") ?? "",
      marker: g.getAttribute("data-marker"),
      // recharts draws a symbol's shape and size in `d` and its place in `transform`.
      shape: g.querySelector("path.recharts-symbols")?.getAttribute("d") ?? null,
    })),
  );
  const checked = shapes.filter((p) => borOf.has(p.subject));
  expect(checked.length).toBeGreaterThan(0);
  // The marker its legend names for the subject's response ...
  const off = checked.filter((p) => markers.get(borOf.get(p.subject) ?? "")?.marker !== p.marker);
  expect(off).toEqual([]);
  // ... and as drawn: every point of one response has one shape, and no two responses share a shape.
  const shapeOf = new Map<string, Set<string | null>>();
  for (const p of checked) {
    const bor = borOf.get(p.subject) ?? "";
    shapeOf.set(bor, (shapeOf.get(bor) ?? new Set()).add(p.shape));
  }
  expect(shapeOf.size).toBeGreaterThan(1);
  for (const [bor, drawn] of shapeOf) {
    expect([...drawn], bor).toHaveLength(1);
    expect([...drawn][0], bor).not.toBeNull();
  }
  expect(new Set([...shapeOf.values()].map((d) => [...d][0])).size).toBe(shapeOf.size);
});
