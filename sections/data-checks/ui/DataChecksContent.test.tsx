/**
 * The data-checks page as rendered: the RECIST rules say they do not apply to a study without assessments, each
 * count opens its rule's findings, each record is a link, and an address's unknown values are never written back.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import type { AdverseEventRow } from "@/lib/clinical/adverse-events/rows";
import type { StudyData } from "@/lib/study/study-rows";
import { loadDataChecks } from "../load";
import { parseDataChecksQuery } from "../query";
import { DataChecksContent } from "./DataChecksContent";

vi.mock("next/navigation", () => ({
  useParams: () => ({ connectionId: "c1", study: "ONC-101" }),
  useRouter: () => ({ replace: () => {}, push: () => {} }),
  usePathname: () => "/studies/c1/CARD-201/data-checks",
  useSearchParams: () => new URLSearchParams(),
}));

const ae = (key: string, subjectId: string, grade: 1 | null, end: string): AdverseEventRow => ({
  key,
  subjectId,
  sequence: null,
  term: "Dizziness",
  grade,
  ctcaeVersion: "5.0",
  start: "2024-01-05",
  end,
  ongoing: false,
  outcome: null,
  causality: null,
  suspectProduct: null,
  verified: true,
});
const cached = <R,>(rows: R[]) => ({
  value: { rows, received: rows.length, rejected: { count: 0, reasons: [] } },
  loadedAt: 1,
});
const data = {
  DiagnosticReport: cached([]),
  imaging: cached([]),
  AdverseEvent: cached([ae("E1", "S1", null, "2024-01-06"), ae("E2", "S2", 1, "2024-01-02")]),
  laboratory: cached([]),
};
const study = { rows: async (type: keyof typeof data) => data[type] } as unknown as StudyData;
const base = "/studies/c1/CARD-201/data-checks";

async function render(query: string) {
  const searchParams = new URLSearchParams(query);
  const view = await loadDataChecks(study, parseDataChecksQuery(searchParams));
  const place = { study: "CARD-201", studyHref: "/studies/c1/CARD-201", base, searchParams };
  return renderToStaticMarkup(<DataChecksContent view={view} place={place} />);
}

describe("the data-checks page", () => {
  it("names the RECIST checks in one line for a study without assessments, and lists only the others", async () => {
    const html = await render("");
    // The eight RECIST 1.1 rules of docs/clinical-rules.md, in their order, in one line; none of them a row.
    expect(html).toContain(
      "8 checks do not apply: study CARD-201 sends no response assessments, which the RECIST 1.1 checks read " +
        "(Signed conclusion differs from the recomputed response; Reported target sum differs from its targets; " +
        "Reported changes differ from the recomputed ones; Baseline targets break the selection rules; " +
        "Lesion appears after baseline without being a new lesion; Target stops being measured; " +
        "Interval far longer than usual (missed follow-up); " +
        "Assessments after progression would count in the best response).",
    );
    expect(html).not.toContain("does not apply</td>");
    // Two adverse-event rules and the laboratory rule.
    expect(html.match(/<th scope="row">/g)?.length).toBe(3);
    expect(html).not.toContain('<th scope="row">Target stops being measured</th>');
    expect(html).toContain("Findings per rule in study CARD-201: 2 in all; 8 checks do not apply");
    expect(html).toContain(`<a href="${base}?rule=ae-no-grade#findings">1</a>`);
    expect(html).toContain(`<a href="${base}?rule=ae-end-before-start#findings">1</a>`);
    expect(html).toContain("Findings (2)");
  });

  it("shows the findings of one rule, and never writes back what it did not understand", async () => {
    const html = await render("rule=ae-no-grade&subject=%3Cscript%3E&other=1");
    expect(html).toContain("Findings (1 of 2)");
    expect(html).toContain("Findings of study CARD-201: rule &quot;Adverse event without a grade&quot;");
    expect(html).not.toContain("script");
    expect(html).not.toContain("other=1");
  });

  it("offers only the subjects with findings", async () => {
    const html = await render("subject=S2");
    expect(html).toContain('<option value="S2" selected="">S2</option>');
    expect(html).toContain("Findings (1 of 2)");
  });
});
