/**
 * One visit's results over every test: the heading names the visit (or that the results have none) with their
 * count, at the anchor the visit's address opens; the listing closes to the section; its rows give no element IDs,
 * which are the issue listing's.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import type { MeasurementRow } from "@/lib/clinical/measurements/rows";
import { VISIT_LISTING } from "../addresses";
import { VisitListing } from "./VisitListing";

vi.mock("next/navigation", () => ({
  useParams: () => ({ connectionId: "c1", study: "ONC-101" }),
  useRouter: () => ({ replace: () => {}, push: () => {} }),
  usePathname: () => "/studies/c1/ONC-101/laboratory",
  useSearchParams: () => new URLSearchParams("at=Week+2"),
}));

const result = (id: string, visit: string | null): MeasurementRow => ({
  id,
  subjectId: "101-0001",
  test: "K",
  code: null,
  visit,
  collectedAt: "2023-03-30T09:15:00",
  value: 4.1,
  text: null,
  unit: "mmol/L",
  range: null,
});

const render = (visit: string | null, rows: MeasurementRow[]) =>
  renderToStaticMarkup(
    <VisitListing
      visit={{ visit, rows }}
      records="results"
      closeHref="/studies/c1/ONC-101/laboratory"
      caption="Laboratory results of study ONC-101 at visit Week 2, every test"
      testHeader="Test"
      studyHref="/studies/c1/ONC-101"
      searchParams={new URLSearchParams("at=Week+2")}
      exportAs={{ view: "laboratory", table: "visit" }}
    />,
  );

describe("the listing of one visit's results", () => {
  it("names the visit and the count at its anchor, closes to the section, and gives rows no IDs", () => {
    const html = render("Week 2", [result("8d89", "Week 2"), result("9e01", "Week 2")]);
    expect(html).toContain(`<h3 id="${VISIT_LISTING.anchor}">Results at visit Week 2 (2)</h3>`);
    expect(html).toContain("Every test&#x27;s results at this visit.");
    expect(html).toContain('<a href="/studies/c1/ONC-101/laboratory">Close this listing</a>');
    expect(html).toContain("Laboratory results of study ONC-101 at visit Week 2, every test");
    expect(html).not.toContain('id="result-');
  });

  it("says the results have no visit", () => {
    const html = render(null, [result("8d89", null)]);
    expect(html).toContain("Results without a visit (1)</h3>");
    expect(html).toContain("Every test&#x27;s results without a visit.");
  });
});
