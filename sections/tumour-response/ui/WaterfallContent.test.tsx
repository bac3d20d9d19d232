/**
 * What the waterfall's page says around its chart: "showing N of M", the subjects without a bar and the links to
 * the spider plot that keep the URL state (the chart itself draws nothing outside a browser). The values are those
 * of the shaping tests' subjects.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import type { TumourResponseView } from "@/sections/tumour-response/load";
import { parseResponseQuery } from "@/sections/tumour-response/query";
import { subjectOf } from "./test-subjects";
import { WaterfallContent } from "./WaterfallContent";

vi.mock("next/navigation", () => ({
  useParams: () => ({ connectionId: "c1", study: "ONC-101" }),
  useRouter: () => ({ replace: () => {}, push: () => {} }),
  usePathname: () => "/studies/c1/ONC-101/tumour-response/spider",
  useSearchParams: () => new URLSearchParams(),
}));

const STUDY = "/studies/c1/ONC-101";
const query = parseResponseQuery(new URLSearchParams("bor=signed"));
const viewOf = (subjects: ReturnType<typeof subjectOf>[]) => ({ subjects }) as unknown as TumourResponseView;
const text = (html: string) => html.replace(/<[^>]+>/g, "").replaceAll("&#x27;", "'");

const SUBJECTS = [
  subjectOf({ id: "S1", best: -40, signed: "PR", visits: [{ day: 42, pct: -40, nadirPct: -40, signed: "PR" }] }),
  subjectOf({ id: "S2", best: null, signed: "NE", visits: [{ day: 42, pct: null }] }),
  subjectOf({ id: "S3", notEvaluable: "no baseline" }),
];

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
