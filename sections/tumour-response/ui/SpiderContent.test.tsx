/**
 * What the spider plot's page says around its chart: "showing N of M" and why, and the links that keep the URL
 * state (the chart itself draws nothing outside a browser). The values are those of the shaping tests' subjects.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { query, STUDY, SUBJECTS, text, viewOf } from "./plot-page-testing";
import { SpiderContent } from "./SpiderContent";

vi.mock("next/navigation", () => ({
  useParams: () => ({ connectionId: "c1", study: "ONC-101" }),
  useRouter: () => ({ replace: () => {}, push: () => {} }),
  usePathname: () => "/studies/c1/ONC-101/tumour-response/spider",
  useSearchParams: () => new URLSearchParams(),
}));

describe("the spider plot's page", () => {
  it("the spider plot says which subjects it draws and why", () => {
    const one = renderToStaticMarkup(
      <SpiderContent view={viewOf(SUBJECTS)} query={query} scale="nadir" asked={["S1", "S9"]} studyHref={STUDY} />,
    );
    expect(text(one)).toContain("Showing 1 of 2 subjects that can be drawn (2 points), as chosen in the address.");
    expect(text(one)).toContain("1 subject in the address: cannot be drawn or not in the study.");
    // The switches keep the choice: back to baseline drops only the scale.
    expect(one).toContain(`href="${STUDY}/tumour-response/spider?bor=signed&amp;subjects=S1%2CS9"`);
    const all = renderToStaticMarkup(
      <SpiderContent view={viewOf(SUBJECTS)} query={query} scale="baseline" asked={null} studyHref={STUDY} />,
    );
    expect(text(all)).toContain("Showing 2 of 2 subjects that can be drawn (3 points): every one.");
    expect(text(all)).toContain("1 assessment of the subjects drawn without a known change: no point.");
  });

  it("lists the drawn subjects in a scrolling list off the plot, and says how to highlight one's line", () => {
    const html = renderToStaticMarkup(
      <SpiderContent view={viewOf(SUBJECTS)} query={query} scale="baseline" asked={null} studyHref={STUDY} />,
    );
    expect(text(html)).toContain("to highlight its line.");
    expect(text(html)).toContain(
      "Subjects drawn (2): point at one or focus it to highlight its line; press it to take it off the plot.",
    );
    expect(html).toMatch(/<ul aria-describedby="spider-legend-help" class="[^"]*subjectScroll[^"]*">/);
  });
});
