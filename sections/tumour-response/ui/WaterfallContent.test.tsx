/**
 * What the waterfall's page says around its chart: "showing N of M", the subjects without a bar and the links to
 * the spider plot that keep the URL state (the chart itself draws nothing outside a browser). The values are those
 * of the shaping tests' subjects.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { query, STUDY, SUBJECTS, text, viewOf } from "./plot-page-testing";
import { WaterfallContent } from "./WaterfallContent";

vi.mock("next/navigation", () => ({
  useParams: () => ({ connectionId: "c1", study: "ONC-101" }),
  useRouter: () => ({ replace: () => {}, push: () => {} }),
  usePathname: () => "/studies/c1/ONC-101/tumour-response/spider",
  useSearchParams: () => new URLSearchParams(),
}));

describe("the waterfall's page", () => {
  it("the waterfall counts its bars, names the subject without one, and links the spider plot", () => {
    const html = renderToStaticMarkup(<WaterfallContent view={viewOf(SUBJECTS)} query={query} studyHref={STUDY} />);
    expect(text(html)).toContain(
      "Showing 1 bar of 2 evaluable subjects (1 without a known best change, listed below); " +
        "1 of 3 subjects not evaluable.",
    );
    expect(html).toContain(`href="${STUDY}/tumour-response/subjects/S2?bor=signed"`);
    expect(html).toContain(`href="${STUDY}/tumour-response/spider?bor=signed&amp;subjects=S1"`);
  });
});
