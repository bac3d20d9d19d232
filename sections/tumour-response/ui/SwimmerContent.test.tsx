/**
 * What the swimmer plot's page says around its chart: "showing N of M" and the page links that keep the URL
 * state (the chart itself draws nothing outside a browser). The values are those of the shaping tests' subjects.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { query, STUDY, text, viewOf } from "./plot-page-testing";
import { SwimmerContent } from "./SwimmerContent";
import { subjectOf } from "./test-subjects";

vi.mock("next/navigation", () => ({
  useParams: () => ({ connectionId: "c1", study: "ONC-101" }),
  useRouter: () => ({ replace: () => {}, push: () => {} }),
  usePathname: () => "/studies/c1/ONC-101/tumour-response/spider",
  useSearchParams: () => new URLSearchParams(),
}));

describe("the swimmer plot's page", () => {
  it("the swimmer plot pages its bars and keeps its order in the page links", () => {
    const many = Array.from({ length: 60 }, (_, i) => subjectOf({ id: `P${String(i).padStart(2, "0")}` }));
    const html = renderToStaticMarkup(
      <SwimmerContent view={viewOf(many)} query={query} sort="bor" page={1} studyHref={STUDY} />,
    );
    expect(text(html)).toContain("Showing 50 of 60 subjects (bars 1–50, page 1 of 2).");
    expect(html).toContain(`href="${STUDY}/tumour-response/swimmer?bor=signed&amp;sort=bor&amp;page=2"`);
  });
});
