/**
 * The subject list's links: each row holds only its subject's part of an address, the columns the rest
 * (DataColumn.hrefAround), and the cells open the same addresses as when each row held whole ones.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import type { SubjectListRow } from "@/lib/clinical/subjects/subject-list";
import { SubjectTable } from "./SubjectTable";

vi.mock("next/navigation", () => ({
  useParams: () => ({ connectionId: "c1", study: "ONC-101" }),
  useRouter: () => ({ replace: () => {}, push: () => {} }),
  usePathname: () => "/studies/c1/ONC-101",
  useSearchParams: () => new URLSearchParams(),
}));

const row = (subjectId: string, adverseEvents: number, assessments: number): SubjectListRow => ({
  subjectId,
  subjectStudyNumber: subjectId === "" ? "S9" : `N-${subjectId}`,
  sex: "Female",
  birthYear: 1960,
  race: null,
  ethnicity: null,
  sponsorStudyNumber: null,
  adverseEvents,
  assessments,
  note: null,
});

function render(rows: SubjectListRow[]) {
  const view = { rows, unmatched: { adverseEvents: 0, assessments: 0, members: 0 }, asOf: 0, rejected: [] };
  return renderToStaticMarkup(<SubjectTable view={view} study="ONC-101" studyHref="/studies/c1/ONC-101" />);
}

describe("SubjectTable's links", () => {
  it("opens the profile, the subject's adverse events and its assessments", () => {
    const html = render([row("101-0001", 3, 5)]);
    expect(html).toContain('href="/studies/c1/ONC-101/subjects/101-0001"');
    expect(html).toContain('href="/studies/c1/ONC-101/adverse-events?subject=101-0001#ae-listing"');
    expect(html).toContain('href="/studies/c1/ONC-101/subjects/101-0001#subject-assessments"');
  });

  it("writes a subject ID with a space, a slash and a plus as a path segment and as a parameter", () => {
    const html = render([row("A 1/2+", 1, 1)]);
    expect(html).toContain('href="/studies/c1/ONC-101/subjects/A%201%2F2%2B"');
    expect(html).toContain('href="/studies/c1/ONC-101/adverse-events?subject=A%201%2F2%2B#ae-listing"');
    expect(html).toContain('href="/studies/c1/ONC-101/subjects/A%201%2F2%2B#subject-assessments"');
    // The AE listing reads its parameter back as the ID itself.
    const events = /href="([^"]*adverse-events[^"]*)"/.exec(html)?.[1] as string;
    expect(new URL(events, "http://x").searchParams.get("subject")).toBe("A 1/2+");
  });

  it("links no count of 0, and nothing on a row without a Patient", () => {
    const html = render([row("101-0002", 0, 0), row("", 2, 1)]);
    expect(html).toContain('href="/studies/c1/ONC-101/subjects/101-0002"');
    expect(html).not.toContain("adverse-events?subject=");
    expect(html).not.toContain("#subject-assessments");
    expect(html.match(/href="\/studies\/c1\/ONC-101\/subjects\//g)).toHaveLength(1);
  });
});

describe("SubjectTable's rows", () => {
  const view = {
    rows: [row("101-0001", 3, 5), row("101-0002", 0, 1)],
    unmatched: { adverseEvents: 0, assessments: 0, members: 0 },
    asOf: 0,
    rejected: [],
  };
  type Element = { props: { rows?: unknown; children?: Element[] } };
  /** The rows given to the data table, which follows the list's convention line. */
  const rowsOf = (content: unknown) =>
    (content as Element).props.children?.find((c) => c?.props?.rows !== undefined)?.props.rows;
  const rowsProp = (studyHref: string) => rowsOf(SubjectTable({ view, study: "ONC-101", studyHref }));

  it("are packed once per cached list, the same for every connection's address", () => {
    const first = rowsProp("/studies/c1/ONC-101");
    expect(rowsProp("/studies/c2/ONC-101")).toBe(first);
    // Another list (a reload gives a new rows array) is packed anew.
    const reloaded = { ...view, rows: [...view.rows] };
    const again = rowsOf(SubjectTable({ view: reloaded, study: "ONC-101", studyHref: "/studies/c1/ONC-101" }));
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });
});
