/**
 * The Liver safety page as the server renders it for a small study worked by hand: the conventions in force with
 * their links, the peaks on treatment by default, the pattern of injury beside and under the possible Hy's law
 * subject, the scale in the rules and columns, and the listing of the subjects a data note counts.
 *
 * S1: first dose 10 January, last 1 March 2024. ALT 200 on 1 January (5.0 ×ULN, before the first dose: not used on
 *     treatment), ALT 40 and bilirubin 0.6 on 10 January (the first dose's day: baselines 1.0 and 0.5, not on
 *     treatment), ALT 120 (3.0) with bilirubin 2.5
 *     (2.083) on 1 February: possible Hy's law (3.0 at its line is high, 2.083 is above 2). ALP 64.5 (0.5) that day:
 *     R = 3.0 / 0.5 = 6, hepatocellular. In multiples of baseline: 3.0 / 1.0 = 3 and 2.083 / 0.5 = 4.167.
 * S2: no study drug record: no first dose, so no peak on treatment; with all results ALT 80 (2.0) and bilirubin 0.6.
 * S3: first and last dose 10 January; ALT 40 (1.0) and bilirubin 1.2 (1.0) that day (its baselines), ALT 44 (1.1) and
 *     bilirubin 1.2 (1.0) on 20 January: normal; in multiples of baseline 1.1 and 1.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { lab } from "@/lib/clinical/liver/test-rows";
import type { StudyData } from "@/lib/study/study-rows";
import { liverNotes } from "../liver-notes";
import { parseLiverQuery } from "../liver-query";
import { loadLiver } from "../load-liver";
import { LiverSafety } from "./LiverSafety";

vi.mock("next/navigation", () => ({
  useParams: () => ({ connectionId: "c1", study: "ONC-101" }),
  useRouter: () => ({ replace: () => {}, push: () => {} }),
  usePathname: () => "/studies/c1/ONC-101/laboratory/liver",
  useSearchParams: () => new URLSearchParams(),
}));

const labs = [
  lab("S1", "ALT", 200, "2024-01-01"),
  lab("S1", "ALT", 40, "2024-01-10"),
  lab("S1", "BILI", 0.6, "2024-01-10"),
  lab("S1", "ALT", 120, "2024-02-01"),
  lab("S1", "BILI", 2.5, "2024-02-01"),
  lab("S1", "ALP", 64.5, "2024-02-01"),
  lab("S2", "ALT", 80, "2024-02-01"),
  lab("S2", "BILI", 0.6, "2024-02-01"),
  lab("S3", "ALT", 40, "2024-01-10"),
  lab("S3", "BILI", 1.2, "2024-01-10"),
  lab("S3", "ALT", 44, "2024-01-20"),
  lab("S3", "BILI", 1.2, "2024-01-20"),
];
const med = (subjectId: string, start: string, end: string) => ({
  id: `${subjectId}-${start}`,
  subjectId,
  drug: "Zalvotinib 40 mg",
  dose: 40,
  doseUnit: "mg",
  route: null,
  method: null,
  directions: null,
  start,
  end,
  unreadableStart: null,
  unreadableEnd: null,
  sourceType: "Prescription",
});
const ROWS: Record<string, unknown[]> = {
  laboratory: labs,
  Group: [{ members: ["N1", "N2", "N3"] }],
  Patient: ["S1", "S2", "S3"].map((subjectId, i) => ({ subjectId, subjectStudyNumber: `N${i + 1}` })),
  AdverseEvent: [{ subjectId: "S1", key: "ae-1", suspectProduct: "Zalvotinib" }],
  MedicationStatement: [med("S1", "2024-01-10", "2024-03-01"), med("S3", "2024-01-10", "2024-01-10")],
};
const hit = (rows: unknown[]) => ({
  value: { rows, received: rows.length, rejected: { count: 0, reasons: [] } },
  loadedAt: 1,
});
const study = { rows: async (type: string) => hit(ROWS[type] ?? []) } as unknown as StudyData;
const LIVER = "/studies/c1/ONC-101/laboratory/liver";

async function render(search: string) {
  const searchParams = new URLSearchParams(search);
  const query = parseLiverQuery(searchParams);
  const view = await loadLiver(study, query.settings);
  const place = {
    study: "ONC-101",
    studyHref: "/studies/c1/ONC-101",
    base: "/studies/c1/ONC-101/laboratory",
    searchParams,
  };
  return { html: renderToStaticMarkup(<LiverSafety view={view} query={query} place={place} />), view, query };
}

// Not toContain on the page: its failure would print the whole page.
const has = (html: string, text: string) => expect(html.includes(text), text).toBe(true);

describe("the Liver safety page", () => {
  it("takes the peaks on treatment by default and names the conventions in force", async () => {
    const { html, view } = await render("");
    expect(view.plot.points.map((p) => [p.subjectId, p.quadrant, p.x, p.y])).toEqual([
      ["S1", "hys-law", 3, 2.083],
      ["S3", "normal", 1.1, 1],
    ]);
    has(html, "Peaks of the results on treatment: dated after the day of each subject&#x27;s first dose");
    has(html, 'href="/rules#which-results-the-peaks-use"');
    has(html, "Possible Hy&#x27;s law: ALT at or above 3×ULN and total bilirubin above 2×ULN");
    has(html, 'href="/rules#points-and-quadrants"');
    has(html, 'href="/rules#peaks-as-multiples-of-the-upper-limit-of-normal"');
    has(html, "ALT ≥ 3×ULN and bilirubin &gt; 2×ULN");
  });

  it("gives the possible Hy's law subject its pattern of injury, beside it and in a table of its own", async () => {
    const { html, view } = await render("");
    expect(view.patterns.map((p) => [p.subjectId, p.ratio.r])).toEqual([["S1", 6]]);
    has(html, "S1</a> (hepatocellular, R 6)");
    has(html, "Pattern of injury of the possible Hy&#x27;s law subjects (1)");
    has(html, 'href="/rules#pattern-of-injury-by-the-r-ratio"');
    has(html, '<tr data-subject="S1">');
    has(html, "<td>6</td><td>Hepatocellular</td>");
  });

  it("counts the subject without a first dose, and opens the peaks of all results that plot it", async () => {
    const { view, query } = await render("");
    expect(view.noFirstDose).toEqual({ count: 1, plotted: 1 });
    // S1's 1 January and 10 January (two), S3's 10 January (two): on or before the first dose's day; S2's two
    // results: no first dose.
    expect(view.outside).toEqual({ "no-first-dose": 2, undated: 0, before: 5, after: 0 });
    const notes = liverNotes(view, LIVER, query);
    expect(JSON.stringify(notes)).toContain(`"href":"${LIVER}?peaks=all&only=no-first-dose#liver-subjects-title"`);
    const { html } = await render("peaks=all&only=no-first-dose");
    has(html, "Peaks of every result, at any time in the study");
    has(html, "Subjects in every quadrant, without a known first dose of the study drug (1)");
  });

  it("plots multiples of baseline with their rules and columns", async () => {
    const { html, view } = await render("scale=baseline");
    expect(view.plot.points.map((p) => [p.subjectId, p.quadrant, p.x, p.y])).toEqual([
      ["S1", "hys-law", 3, 4.167],
      ["S3", "normal", 1.1, 1],
    ]);
    has(html, 'href="/rules#multiples-of-baseline"');
    has(html, "ALT ≥ 3×baseline and bilirubin &gt; 2×baseline");
    has(html, "Peak ALT (×baseline)");
    has(html, "both peaks and their baselines");
  });
});
