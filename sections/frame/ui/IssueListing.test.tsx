/**
 * The results a data note counts, each row with its element ID (resultRowId), where a data check's finding opens
 * it: the link's fragment and the row's ID are the same.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import type { MeasurementRow } from "@/lib/clinical/measurements/rows";
import { resultRowId, rowHash } from "../addresses";
import { IssueListing } from "./IssueListing";

vi.mock("next/navigation", () => ({
  useParams: () => ({ connectionId: "c1", study: "ONC-101" }),
  useRouter: () => ({ replace: () => {}, push: () => {} }),
  usePathname: () => "/studies/c1/ONC-101/laboratory",
  useSearchParams: () => new URLSearchParams("issue=no-unit"),
}));

const result = (id: string, subjectId: string): MeasurementRow => ({
  id,
  subjectId,
  test: "K",
  code: null,
  visit: "Week 2",
  collectedAt: "2023-03-30T09:15:00",
  value: 4.1,
  text: null,
  unit: null,
  range: null,
});

describe("the listing of the results a data note counts", () => {
  it("gives each result's row the element ID a finding's link opens", () => {
    const html = renderToStaticMarkup(
      <IssueListing
        issue={{ issue: "no-unit", rows: [result("8d89", "101-0001"), result("9e01", "101-0002")] }}
        anchor="lab-issue"
        closeHref="/studies/c1/ONC-101/laboratory"
        of="laboratory results of study ONC-101"
        testHeader="Test"
        studyHref="/studies/c1/ONC-101"
        searchParams={new URLSearchParams("issue=no-unit")}
        exportAs={{ view: "laboratory", table: "issue" }}
      />,
    );
    expect(html).toContain('<tr id="result-8d89">');
    expect(html).toContain('<tr id="result-9e01">');
    expect(rowHash(resultRowId("8d89"))).toBe("#result-8d89");
  });
});
