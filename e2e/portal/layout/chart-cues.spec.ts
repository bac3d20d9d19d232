/**
 * Colour is never the only cue (docs/accessibility.md, Charts), checked on what Chromium draws for the demo study:
 * the AE chart's grades and the waterfall's responses are filled with patterns whose marks differ, each the one its
 * legend shows for that category; the spider plot's points have their response's marker shape, the one of the
 * legend; the AE chart writes grades on its segments. The palette's own test (components/charts/palette.test.ts)
 * checks the colours; this one checks that the charts use the cues.
 */
import { expect, type Locator, type Page, test } from "@playwright/test";
import { openStudyAddress } from "../../support/study";

/** The response letters the plots' legends show, and the worst grades the AE chart's legend shows. */
const RESPONSES = ["CR", "PR", "SD", "PD", "NE"];
const GRADES = ["G1", "G2", "G3", "G4", "G5", "G?"];

async function openStudyPath(page: Page, below: string) {
  await page.goto(`${await openStudyAddress(page, "ONC-101")}${below}`);
}

/** What a fill `url(#id)` paints: its <pattern>'s colour and marks, and the marks alone (null: not a pattern). */
interface Fill {
  /** data-subject and data-bor of the element, where it has them. */
  subject: string | null;
  bor: string | null;
  drawing: string | null;
  marks: string | null;
  /** Where the filled element is on the page. */
  box: { left: number; right: number; top: number; bottom: number };
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
        const target = (inner ? el.querySelector(inner) : el) ?? el;
        const id = /^url\(#(.+)\)$/.exec(target.getAttribute("fill") ?? "")?.[1];
        const pattern = id ? el.ownerDocument.getElementById(id) : null;
        const isPattern = pattern?.tagName === "pattern";
        const { left, right, top, bottom } = target.getBoundingClientRect();
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
          box: { left, right, top, bottom },
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

/** Each legend item's swatch fill (the category's sample: its <svg> with its own pattern), all of `labels`. */
async function legendFills(legend: Locator, labels: string[]): Promise<Map<string, Fill>> {
  const out = new Map<string, Fill>();
  for (const [label, item] of await legendItems(legend, labels)) {
    const swatch = item.locator("svg[data-pattern]");
    await expect(swatch, `the legend's sample of ${label}`).toHaveCount(1);
    out.set(label, (await fillsOf(swatch, ":scope > rect"))[0]);
  }
  expect([...out.keys()]).toEqual(labels);
  expect([...out.values()].every((f) => f.drawing !== null)).toBe(true);
  return out;
}

/** The grade letters written on the AE chart, each with the centre of where it is drawn. */
function gradeLetters(figure: Locator) {
  return figure.locator(".recharts-label-list text").evaluateAll((texts) =>
    texts.map((text) => {
      const r = text.getBoundingClientRect();
      return { grade: text.textContent ?? "", x: r.x + r.width / 2, y: r.y + r.height / 2 };
    }),
  );
}

test("the AE chart fills each worst grade with its legend's pattern, all different, and writes grades on it", async ({
  page,
}) => {
  await openStudyPath(page, "/adverse-events");
  const figure = page.getByRole("figure", { name: /^Most frequent terms/ });
  const samples = await legendFills(
    figure.getByRole("list", { name: "Worst grade" }),
    GRADES.map((g) => `(${g})`),
  );
  // Six grades, six different patterns of marks: they differ by more than colour (grade 5's is solid: no marks).
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
  const letters = await gradeLetters(figure);
  expect(new Set(letters.map((l) => l.grade)).size).toBeGreaterThanOrEqual(3);
  const misplaced = letters.filter(({ grade, x, y }) => {
    const under = drawn.filter((s) => s.box.left <= x && x <= s.box.right && s.box.top <= y && y <= s.box.bottom);
    return under.length !== 1 || under[0].drawing !== samples.get(`(${grade})`)?.drawing;
  });
  expect(misplaced).toEqual([]);
});

/** The waterfall's bars each have their response's legend pattern, five different; each bar's subject's BOR. */
async function expectPatternedBars(page: Page): Promise<Map<string, string>> {
  const legend = page.getByRole("list", { name: "Best overall response as signed" });
  const patterns = await legendFills(legend, RESPONSES);
  expect(new Set([...patterns.values()].map((f) => f.marks)).size).toBe(RESPONSES.length);

  const bars = page.locator("g[data-bor]");
  await expect(bars.first()).toBeVisible();
  const drawn = await fillsOf(bars, "rect");
  // Each bar has exactly the pattern (colour and marks) its response has in the legend.
  const wrong = drawn.filter((f) => f.drawing === null || patterns.get(f.bor ?? "")?.drawing !== f.drawing);
  expect(wrong).toEqual([]);
  // The demo study's bars show more than one response, so the patterns tell them apart.
  expect(new Set(drawn.map((f) => f.bor)).size).toBeGreaterThan(1);
  return new Map(drawn.map((f) => [f.subject ?? "", f.bor ?? ""]));
}

/** The spider legend's marker name for each response: five different, drawn as five different shapes. */
async function spiderLegendMarkers(page: Page): Promise<Map<string, string | null>> {
  const legend = page.getByRole("list", { name: "Line colours and markers" });
  const markers = new Map<string, { marker: string | null; path: string | null }>();
  for (const [label, item] of await legendItems(legend, RESPONSES)) {
    const swatch = item.locator("svg[data-marker]");
    markers.set(label, {
      marker: await swatch.getAttribute("data-marker"),
      path: await swatch.locator("path").getAttribute("d"),
    });
  }
  expect([...markers.keys()]).toEqual(RESPONSES);
  // The legend's samples are drawn at one size, so their paths differ by shape alone.
  expect(new Set([...markers.values()].map((m) => m.marker)).size).toBe(RESPONSES.length);
  expect(new Set([...markers.values()].map((m) => m.path)).size).toBe(RESPONSES.length);
  return new Map([...markers].map(([r, m]) => [r, m.marker]));
}

test("the waterfall fills each bar with its response's legend pattern; spider points have its marker", async ({
  page,
}) => {
  await openStudyPath(page, "/tumour-response/waterfall?bor=signed");
  const borOf = await expectPatternedBars(page);

  await page.goto(page.url().replace(/\/waterfall\?.*$/, "/spider?bor=signed"));
  const markers = await spiderLegendMarkers(page);
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
  // Each point has the marker its legend names for the subject's response ...
  const off = checked.filter((p) => markers.get(borOf.get(p.subject) ?? "") !== p.marker);
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
