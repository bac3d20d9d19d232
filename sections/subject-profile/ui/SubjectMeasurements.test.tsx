/**
 * The grid and the trend's frame as the server renders them (recharts draws
 * its SVG only in a browser: the chart itself is checked by the Playwright
 * spec e2e/portal/subject-trends.spec.ts). Expected texts are written by hand.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { AdverseEventRow } from "@/lib/clinical/adverse-events/rows";
import type { MeasurementRow } from "@/lib/clinical/measurements/rows";
import { SubjectMeasurements } from "./SubjectMeasurements";

let search = new URLSearchParams();
vi.mock("next/navigation", () => ({
  useParams: () => ({ connectionId: "c1", study: "ONC-101" }),
  useRouter: () => ({ replace: () => {}, push: () => {} }),
  usePathname: () => "/studies/c1/ONC-101/subjects/S1",
  useSearchParams: () => search,
}));

let n = 0;
const row = (over: Partial<MeasurementRow>): MeasurementRow => ({
  id: `r${++n}`,
  subjectId: "S1",
  test: "ALT",
  code: "LB0214",
  visit: "Screening",
  collectedAt: "2023-01-10T08:00:00",
  value: 20,
  text: null,
  unit: "U/L",
  range: "<=40",
  ...over,
});
const labs = [
  row({ id: "a1", value: 52 }),
  row({ id: "k1", test: "K", code: "LB0202", value: 3.4, unit: "mmol/L", range: "3.5-5.0" }),
  row({ id: "u1", test: "UPROT", code: "LB0301", value: null, text: "Trace", unit: null, range: "Negative" }),
  row({ id: "a2", visit: "Cycle 1 Day 1", collectedAt: "2023-02-01T09:00:00", value: 30, unit: null }),
];
const vitals = [row({ test: "Pulse/Heart Rate", code: "VS0008", unit: "beats/min", range: null, value: 70 })];
const ae = { key: "E1", subjectId: "S1", term: "Headache", grade: 2, start: null } as AdverseEventRow;

const render = (query: string, rows = labs) => {
  search = new URLSearchParams(query);
  return renderToStaticMarkup(
    <SubjectMeasurements labs={rows} vitals={vitals} adverseEvents={[ae]} searchParams={new URLSearchParams(query)} />,
  );
};
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();

beforeEach(() => {
  n = 0;
});

describe("SubjectMeasurements: the laboratory grid", () => {
  const html = render("sort=x&trend=ALT");

  it("has a column per visit in date order and a row per test", () => {
    expect(text(html)).toContain("Laboratory results of subject S1 by visit (3 tests, 2 visits)");
    expect(text(html)).toContain("Test Screening 2023-01-10 Cycle 1 Day 1 2023-02-01");
  });

  it("writes H and L as letters, text as text, and the range on hover", () => {
    expect(text(html)).toContain(
      "ALT LB0214 Units: U/L, no unit 52 U/L H 30 (no unit) Unit changed from U/L to no unit",
    );
    // One unit: said once by the row, the cell gives the number and its flag; two units: each cell names its own.
    expect(text(html)).toContain("K LB0202 mmol/L 3.4 L");
    expect(text(html)).toContain("UPROT LB0301 Trace");
    expect(html).toContain('title="collected 2023-01-10 08:00, reference range &lt;=40"');
    // Each result's short id: its test's row, its visit's column (a trend's point opens it by this id).
    expect(html).toMatch(/<span id="lr-0-0" class="[^"]*high[^"]*">52 U\/L H<\/span>/);
    expect(html).toMatch(/<span id="lr-1-0" class="[^"]*low[^"]*">3.4 L<\/span>/);
    expect(html).toContain('<span id="lr-0-1">30 (no unit)</span>');
    expect(html).toContain('title="collected 2023-01-10 08:00, reference range Negative"');
  });

  it("links each test to its trend, keeping the page's other state, and marks the chosen one", () => {
    const kept = render("sort=sex.desc&ae_f_term=rash&trend=ALT&scale=uln&trend_table=1");
    expect(kept).toContain(
      'href="?sort=sex.desc&amp;ae_f_term=rash&amp;scale=uln&amp;trend_table=1&amp;trend=LB0202#trend"',
    );
    expect(html).toMatch(/<a [^>]*class="[^"]*" aria-current="true"[^>]*href="\?trend=LB0214#trend"/);
  });

  it.each([
    ["a parameter the page does not know", `unknown=${"z".repeat(500)}`],
    ["a subject list sort it does not understand", `sort=${"z".repeat(150)}`],
    ["a record table's filter of a column it does not have", `ae_f_nosuch=${"z".repeat(150)}`],
    ["a scale it does not know", `scale=${"z".repeat(150)}`],
  ])("does not repeat %s in each test's link", (_name, query) => {
    // Not toContain: its failure would print the whole grid.
    expect(render(`trend=ALT&${query}`).includes("zzzz")).toBe(false);
  });
});

describe("SubjectMeasurements: the grid's pages of visits", () => {
  // ALT at eight visits, V1 to V8 on 1 to 8 March: at six a page, two pages.
  const eight = Array.from({ length: 8 }, (_, i) =>
    row({ id: `v${i + 1}`, visit: `V${i + 1}`, collectedAt: `2023-03-0${i + 1}T08:00:00`, value: 20 + i }),
  );
  const heads = (html: string) => [...html.matchAll(/<th scope="col" id="lab-visit-(\d+)">(V\d)/g)].map((m) => m[2]);

  it("shows the chosen page's visits, says which, and links to the page before", () => {
    const html = render("trend=ALT&grid_visits=6&grid=2", eight);
    expect(heads(html)).toEqual(["V7", "V8"]);
    expect(text(html)).toContain("Previous visits Visits 7–8 of 8 (2023-03-07 to 2023-03-08) Next visits");
    expect(text(html)).toContain("Laboratory results of subject S1 by visit (1 test, 8 visits; visits 7–8 shown)");
    expect(text(html)).toContain("ALT LB0214 U/L 26 27");
    expect(html).toContain('<span id="lr-0-6">26</span>');
    // The grid's links carry the trend by its checked key (./kept-state.ts), not as the address spelled it.
    expect(html).toContain('href="?trend=LB0214&amp;grid_visits=6"');
    expect(html).toMatch(/<span aria-disabled="true">Next visits →<\/span>/);
  });

  it("lists every visit by page, and offers 6, 12 or 24 visits a page from the page's first visit", () => {
    const html = render("trend=ALT&grid_visits=6&grid=2", eight);
    expect(html).toContain('<optgroup label="Visits 1–6 (2023-03-01 to 2023-03-06)"><option value="0">V1, 2023-03-01');
    expect(html).toContain('<optgroup label="Visits 7–8 (2023-03-07 to 2023-03-08)"><option value="6">V7, 2023-03-07');
    expect(html).toMatch(/<strong aria-current="true">6<\/strong>/);
    // Visit 7 at twelve a page is on page 1 (the default size leaves the URL).
    expect(html).toContain('href="?trend=LB0214">12</a>');
    expect(html).toContain('href="?trend=LB0214&amp;grid_visits=24">24</a>');
  });

  it.each([
    ["grid=abc", ["V1", "V2", "V3", "V4", "V5", "V6"]],
    ["grid=9", ["V7", "V8"]],
    ["grid=0&grid_visits=5", ["V1", "V2", "V3", "V4", "V5", "V6", "V7", "V8"]],
  ])("falls back from %s without an error", (query, shown) => {
    const size = query.includes("grid_visits") ? "" : "&grid_visits=6";
    expect(heads(render(`${query}${size}`, eight))).toEqual(shown);
  });

  it("has no pages to turn when every visit fits", () => {
    const html = render("", eight);
    expect(text(html)).toContain("Visits 1–8 of 8 (2023-03-01 to 2023-03-08) Visits a page: 6 12 24");
    expect(html).not.toContain("Previous visits");
  });
});

describe("SubjectMeasurements: the trend's frame", () => {
  it("selects the test the URL names by name or key, and keeps the choices in the URL", () => {
    const html = render("trend=ALT");
    expect(html).toMatch(/<option value="LB0214" selected="">ALT \(LB0214\)<\/option>/);
    // A vital sign by its plain name and unit, not by its code (docs/clinical-rules.md, Vital signs).
    expect(html).toContain('<optgroup label="Vital signs"><option value="vs:VS0008">Pulse rate (beats/min)</option>');
    expect(text(html)).toContain("ALT of subject S1, raw values");
    // The trend as the page read it: its key.
    expect(html).toContain('href="/studies/c1/ONC-101/subjects/S1?trend=LB0214&amp;scale=uln"');
  });

  it("falls back to the first test for an unknown trend, without showing the value back", () => {
    const html = render("trend=%3Cb%3Ebad");
    expect(html).toMatch(/<option value="LB0214" selected="">/);
    expect(html).not.toContain("<b>bad");
  });

  it("says what the trend leaves out, and why", () => {
    const notes = text(render("trend=LB0214&scale=uln"));
    expect(notes).toContain("ALT of subject S1, × ULN");
    expect(notes).toContain("The results of ALT come in 2 units: each unit is a series with its own axis.");
    const noUln = row({ visit: "Cycle 2 Day 1", collectedAt: "2023-03-01T09:00:00", value: 25, range: ">=10" });
    expect(text(render("trend=LB0214&scale=uln", [...labs, noUln]))).toContain(
      "1 result of ALT is left out of the trend: no upper limit in the record's range for ×ULN; the raw view shows it.",
    );
    expect(notes).toContain("1 adverse event has no start date and cannot be marked.");
    expect(notes).toContain(
      "1 test changes unit: the cell where it changes says so, and the test's name lists its units.",
    );
    expect(notes).toContain('1 numeric result has no unit: marked "no unit" beside it or by its test.');
    expect(notes).toContain("1 result is text, shown as sent.");
    expect(text(render("trend=LB0301"))).toContain("1 text result of UPROT is left out of the trend");
  });

  it("offers no ×ULN for a vital sign without ranges", () =>
    expect(text(render("trend=vs:VS0008"))).toContain("Raw values × ULN (no upper limit)"));

  it("offers study days across, kept in the URL, when the subject has a day 1; dates otherwise", () => {
    const withDayOne = (query: string) => {
      search = new URLSearchParams(query);
      const dayOne = { date: "2023-01-10", source: "first dose" };
      return renderToStaticMarkup(
        <SubjectMeasurements labs={labs} vitals={vitals} adverseEvents={[ae]} searchParams={search} dayOne={dayOne} />,
      );
    };
    const dates = withDayOne("trend=LB0214");
    expect(dates).toContain('<strong aria-current="true">Dates</strong>');
    expect(dates).toContain('href="/studies/c1/ONC-101/subjects/S1?trend=LB0214&amp;trend_x=day"');
    const days = withDayOne("trend=LB0214&trend_x=day");
    expect(days).toContain('<strong aria-current="true">Study days</strong>');
    // The choice is kept in the other links: the ×ULN scale's, the grid's tests'.
    expect(days).toContain('href="/studies/c1/ONC-101/subjects/S1?trend=LB0214&amp;trend_x=day&amp;scale=uln"');
    expect(days).toContain('href="?trend_x=day&amp;trend=LB0202#trend"');
    // Without a day 1 there are no study days: dates, and the option said not to apply.
    const none = render("trend=LB0214&trend_x=day");
    expect(none).toContain('<strong aria-current="true">Dates</strong>');
    expect(text(none)).toContain("Study days (no day 1)");
  });

  it("opens the data table of exactly the plotted values from the URL", () => {
    const table = text(render("trend=LB0214&trend_table=1"));
    expect(table).toContain("Data of the chart: ALT of subject S1, raw values");
    expect(table).toContain("ALT (U/L) 2023-01-10 08:00 Screening 52 U/L H 40 <=40 a1");
    expect(table).toContain("ALT (no unit) 2023-02-01 09:00 Cycle 1 Day 1 30 40 <=40 a2");
  });

  it("says so when the subject has no results at all", () =>
    expect(
      text(
        renderToStaticMarkup(<SubjectMeasurements labs={[]} vitals={[]} adverseEvents={[]} searchParams={search} />),
      ),
    ).toContain("The partner sent no laboratory or vital-sign results for subject ."));
});

describe("SubjectMeasurements: the liver panel", () => {
  it("is offered first among the laboratory's choices, ×ULN only, with its tests and Hy's law's lines", () => {
    const html = render("trend=liver");
    expect(html).toContain(
      '<optgroup label="Laboratory"><option value="liver" selected="">Liver tests (×ULN)</option>' +
        '<option value="LB0214">ALT (LB0214)</option>',
    );
    expect(text(html)).toContain("Liver tests of subject S1, × ULN");
    expect(text(html)).toContain("Raw values (one test at a time) × ULN");
    expect(html).toContain('<strong aria-current="true">× ULN</strong>');
    // The subject's only liver test is ALT; its one adverse event has no start, so no onset to mark.
    expect(text(html)).toContain(
      "Liver tests of subject S1, × ULN ALT (×ULN) 3×ULN (ALT, AST) 2×ULN (total bilirubin) Show",
    );
  });

  it("says how many results it leaves out for want of an upper limit", () => {
    const noUln = row({ visit: "Cycle 2 Day 1", collectedAt: "2023-03-01T09:00:00", value: 25, range: ">=10" });
    expect(text(render("trend=liver", [...labs, noUln]))).toContain(
      "1 result of the liver tests is left out of the panel: no upper limit in the record's range to divide by " +
        "(ALT 1); its test's trend shows it.",
    );
  });

  it("is not offered without a liver test: trend=liver shows the first test", () => {
    const html = render("trend=liver", labs.slice(1, 3));
    expect(html).not.toContain('value="liver"');
    expect(html).toMatch(/<option value="LB0202" selected="">/);
  });
});
