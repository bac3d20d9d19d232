/**
 * What the adverse-event page repeats of its address. Its links (every count of the tables, each chart segment, the
 * sort headers, the quick filters) and the minimum-incidence form carry the page's state; they must carry only the
 * state the page understood, never the address as it came: a parameter it does not know, or a value it ignored,
 * would otherwise be written back into some hundred links, and a 16 KB address would make a response of megabytes.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import type { AdverseEventRow } from "@/lib/clinical/adverse-events/rows";
import type { StudyData } from "@/lib/study/study-rows";
import { loadAdverseEvents } from "../load";
import { parseAeQuery } from "../query";
import { AdverseEventsContent } from "./AdverseEventsContent";

vi.mock("next/navigation", () => ({
  useParams: () => ({ connectionId: "c1", study: "ONC-101" }),
  useRouter: () => ({ replace: () => {}, push: () => {} }),
  usePathname: () => "/studies/c1/ONC-101/adverse-events",
  useSearchParams: () => new URLSearchParams(),
}));

const ae = (key: string, subjectId: string, term: string, grade: 1 | 2 | 3): AdverseEventRow => ({
  key,
  subjectId,
  sequence: null,
  term,
  grade,
  ctcaeVersion: "5.0",
  start: "2024-01-02",
  end: "2024-01-05",
  ongoing: false,
  outcome: null,
  causality: "Possible",
  suspectProduct: null,
  verified: true,
});
const cached = <R,>(rows: R[]) => ({
  value: { rows, received: rows.length, rejected: { count: 0, reasons: [] } },
  loadedAt: 1,
});
const data = {
  Group: cached([{ members: ["N1", "N2"], unreadable: 0 }]),
  Patient: cached([
    { subjectId: "S1", subjectStudyNumber: "N1", sex: "Female", birthYear: 1960, race: null, ethnicity: null },
    { subjectId: "S2", subjectStudyNumber: "N2", sex: "Male", birthYear: 1970, race: null, ethnicity: null },
  ]),
  AdverseEvent: cached([ae("E1", "S1", "Rash", 3), ae("E2", "S2", "Headache", 1), ae("E3", "S2", "Rash", 2)]),
  MedicationStatement: cached([]),
};
const study = { rows: async (type: keyof typeof data) => data[type] } as unknown as StudyData;

async function render(query: string) {
  const searchParams = new URLSearchParams(query);
  const view = await loadAdverseEvents(study, parseAeQuery(searchParams));
  const place = {
    study: "ONC-101",
    studyHref: "/studies/c1/ONC-101",
    base: "/studies/c1/ONC-101/adverse-events",
    searchParams,
  };
  return renderToStaticMarkup(<AdverseEventsContent view={view} place={place} />);
}

describe("the adverse-event page's links", () => {
  const junk = "zz".repeat(300);
  it.each([
    ["a parameter the page does not know", `unknown=${junk}`],
    ["a subgroup value the data does not have", `sex=${junk.slice(0, 150)}`],
    ["a term the data does not have", `term=${junk.slice(0, 150)}`],
    ["a listing column that does not exist", `ev_f_nosuch=${junk}`],
    ["a listing sort that is not understood", `ev_sort=${junk.slice(0, 150)}`],
    ["an open chart table with another value", `aechart_table=${junk}`],
  ])("%s is not repeated", async (_name, query) => {
    // Not toContain: its failure would print the whole page.
    expect((await render(`by=sex&${query}`)).includes("zzzz")).toBe(false);
  });

  it("what the page understood is kept, in the links and in the form", async () => {
    const html = await render("by=sex&min=5&tsort=term&ev_sort=start.desc&ev_size=50&ev_f_term=ra&aechart_table=1");
    // A sort header of the table by term: the rest of the page's state kept, the listing's table state too.
    expect(html).toContain("by=sex&amp;min=5&amp;tsort=g3&amp;tdir=desc");
    expect(html).toContain("ev_sort=start.desc");
    expect(html).toContain("ev_size=50");
    expect(html).toContain("aechart_table=1");
    // The form carries the state in hidden fields, but not its own field.
    expect(html).toContain('<input type="hidden" name="by" value="sex"/>');
    expect(html).not.toContain('type="hidden" name="min"');
  });
});

describe("the page's choices", () => {
  it("name the convention in force, and every count's link keeps them", async () => {
    const html = await render("teae=1&relatedness=conservative");
    expect(html).toContain("Treatment-emergent adverse events only: those starting on or after");
    expect(html).toContain("Related, the conservative reading");
    expect(html).toContain('href="/rules#treatment-emergent-adverse-events"');
    expect(html).toContain("Overview of treatment-emergent adverse events");
    // No study drug record: no subject has a known first dose, so no event is treatment-emergent.
    expect(html).toContain("0 of 3 events, of 0 subjects, treatment-emergent only.");
    const plain = await render("");
    expect(plain).toContain("All adverse events as the partner sends them (the default)");
    expect(plain).toContain("Related: causality Certain, Probably/Likely or Possible (the default).");
  });

  it("groups the table by term under its system organ classes, each class a line of its own", async () => {
    const html = await render("layout=soc&relatedness=conservative");
    // Headache is a CTCAE v5.0 term (Nervous system disorders); "Rash" alone is none: Unmapped.
    expect(html).toContain("Subjects by system organ class, term and worst grade");
    expect(html).toMatch(/<tr class="[^"]*socRow[^"]*"><th scope="row" class="[^"]*">Nervous system disorders</);
    expect(html).toMatch(/<tr class="[^"]*socRow[^"]*"><th scope="row" class="[^"]*">Unmapped</);
    // A class's count opens its events, with the page's choices kept.
    expect(html).toContain("relatedness=conservative&amp;layout=soc&amp;scope=group&amp;soc=Unmapped");
  });
});
