/**
 * What the spider plot's page says around its chart: "showing N of M" and why, and the links that keep the URL
 * state (the chart itself draws nothing outside a browser). The values are those of the shaping tests' subjects.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import type { TumourResponseView } from "@/sections/tumour-response/load";
import { parseResponseQuery } from "@/sections/tumour-response/query";
import { SpiderContent } from "./SpiderContent";
import { subjectOf } from "./test-subjects";

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
});
