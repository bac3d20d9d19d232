/**
 * What a test's page repeats of its address: the links of its charts, shift tables and listing choices carry the
 * query as the loader checked it against the data, never a unit or visit the data does not have.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import type { MeasurementRow } from "@/lib/clinical/measurements/rows";
import type { StudyData } from "@/lib/study/study-rows";
import { loadLaboratory } from "../load";
import { parseLabQuery } from "../query";
import { LabTestContent } from "./LabTestContent";

vi.mock("next/navigation", () => ({
  useParams: () => ({ connectionId: "c1", study: "ONC-101" }),
  useRouter: () => ({ replace: () => {}, push: () => {} }),
  usePathname: () => "/studies/c1/ONC-101/laboratory",
  useSearchParams: () => new URLSearchParams(),
}));

const row = (id: string, subjectId: string, over: Partial<MeasurementRow>): MeasurementRow => ({
  id,
  subjectId,
  test: "UPROT",
  code: "LB0301",
  visit: "Screening",
  collectedAt: "2023-03-01T08:00:00",
  value: null,
  text: "Trace",
  unit: null,
  range: "Negative",
  ...over,
});
const rows = [
  row("a", "S1", {}),
  row("b", "S2", { visit: "Cycle 1 Day 1", text: "Negative" }),
  row("c", "S1", { test: "GLUC", code: "LB0208", value: 120, text: null, unit: "mg/dL", range: "70-99" }),
  row("d", "S2", { test: "GLUC", code: "LB0208", value: 80, text: null, unit: "mg/dL", range: "70-99" }),
];
const cached = { value: { rows, received: rows.length, rejected: { count: 0, reasons: [] } }, loadedAt: 1 };
// No adverse events or medications: no first dose known, the visit-name rule gives the baselines.
const none = { value: { rows: [], received: 0, rejected: { count: 0, reasons: [] } }, loadedAt: 1 };
const study = { rows: async (type: string) => (type === "laboratory" ? cached : none) } as unknown as StudyData;

async function render(search: string) {
  const searchParams = new URLSearchParams(search);
  const query = parseLabQuery(searchParams);
  const view = await loadLaboratory(study, query);
  const place = { study: "ONC-101", studyHref: "/studies/c1", base: "/studies/c1/ONC-101/laboratory", searchParams };
  return renderToStaticMarkup(<LabTestContent view={view} test={view.test!} query={query} place={place} />);
}

describe("a laboratory test's links", () => {
  const junk = "z".repeat(150);
  it.each([
    ["a visit the test does not have", "test=code:LB0301", `visit=${junk}`],
    ["a unit the test does not have", "test=code:LB0301", `unit=${junk}`],
    ["a visit of a numeric test", "test=code:LB0208", `visit=${junk}`],
    ["a subject without results", "test=code:LB0208", `subject=${junk}`],
  ])("do not repeat %s", async (_name, test, query) => {
    // Not toContain: its failure would print the whole page.
    expect((await render(`${test}&${query}`)).includes("zzzz")).toBe(false);
  });

  it("keep the visit the data has", async () => {
    const html = await render("test=code:LB0301&visit=Screening");
    expect(html).toContain("visit=Screening");
  });

  it("link each total of a shift table to exactly its subjects", async () => {
    // GLUC: S1 baseline high, S2 baseline normal, neither has a result after baseline (M).
    const html = await render("test=code:LB0208");
    const link = (label: string, shift: string) =>
      `aria-label="${label}" href="/studies/c1/ONC-101/laboratory` +
      `?test=code%3ALB0208&amp;unit=mg%2FdL&amp;show=all&amp;shift=${shift}#results"`;
    expect(html.includes(link("1 subjects with baseline High (H)", "high.H.*"))).toBe(true);
    expect(html.includes(link("2 subjects with highest after baseline Missing", "high.*.M"))).toBe(true);
    expect(html.includes(link("2 subjects in the lowest-category shift table", "low.*.*"))).toBe(true);
    // A zero total has nothing to open.
    expect(html.includes("shift=high.L.*")).toBe(false);
  });

  it("say how the baselines were found, each count opening those baselines, and the window in force", async () => {
    // No adverse events or medications: neither subject has a known first dose; ONC-101 has Screening results.
    const html = await render("test=code:LB0208&window=7");
    const text = html.replace(/<[^>]+>/g, "");
    expect(text).toContain("for 0 subjects; without a known first dose, the last result at a visit named Screening");
    expect(text).toContain(
      "for 2 subjects. After baseline: the results dated after the first dose up to the last dose",
    );
    expect(text).toContain("+ 7 days, with no end while on drug.");
    expect(html).toContain(
      'href="/studies/c1/ONC-101/laboratory?test=code%3ALB0208&amp;show=all&amp;window=7&amp;phase=baseline-fallback' +
        '#results"',
    );
    expect(html).toMatch(/<a [^>]*aria-current="page"[^>]*>last dose \+ 7 days<\/a>/);
    expect(text).not.toContain("is used.");
  });

  it("say that a window the address gives is not used", async () => {
    const text = (await render("test=code:LB0208&window=999")).replace(/<[^>]+>/g, "");
    expect(text).toContain("The window in the address is not a whole number of days from 0 to 365: the default, 30");
  });
});
