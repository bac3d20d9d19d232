import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { SubjectListView } from "@/lib/study/subject-list";
import { subjectListNotes } from "@/sections/subjects/notes";
import { DataAsOf, DataQualityNotes, linkedNote, noteText, plural } from "./notices";

/** The notes of the subject list's section, as its frame renders them. */
const SubjectListNotes = ({ view }: { view: SubjectListView }) => (
  <DataQualityNotes rejected={view.rejected} notes={subjectListNotes(view)} />
);

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
const view = (over: Partial<SubjectListView>): SubjectListView => ({
  rows: [],
  asOf: 0,
  rejected: [],
  unmatched: { adverseEvents: 0, assessments: 0, members: 0 },
  ...over,
});

describe("plural", () => {
  it("writes the count with thousands separators and the noun in its number", () => {
    expect(plural(1, "event")).toBe("1 event");
    expect(plural(0, "event")).toBe("0 events");
    expect(plural(17102, "event")).toBe("17,102 events");
    expect(plural(1059296, "result")).toBe("1,059,296 results");
  });
});

describe("DataQualityNotes", () => {
  it("says nothing when nothing is wrong", () => {
    expect(renderToStaticMarkup(<SubjectListNotes view={view({})} />)).toBe("");
  });

  it("reports refused records with their reason, and every other oddity, in words", () => {
    const html = renderToStaticMarkup(
      <SubjectListNotes
        view={view({
          rejected: [
            {
              recordType: "Patient",
              count: 2,
              reasons: [{ reason: "id: Invalid input: expected string, received undefined", count: 2 }],
            },
            {
              recordType: "AdverseEvent",
              count: 3,
              reasons: [
                { reason: "subject: Invalid input", count: 2 },
                { reason: "identifier: Invalid input", count: 1 },
              ],
            },
          ],
          unmatched: { adverseEvents: 1, assessments: 4, members: 1 },
          rows: [
            {
              subjectId: "",
              subjectStudyNumber: "N-9",
              sex: null,
              birthYear: null,
              race: null,
              ethnicity: null,
              sponsorStudyNumber: null,
              adverseEvents: 0,
              assessments: 0,
              note: "no Patient",
            },
          ],
        })}
      />,
    );
    expect(text(html)).toBe(
      [
        "Data notes",
        "2 records could not be read (Patient): id: Invalid input: expected string, received undefined.",
        "3 records could not be read (AdverseEvent): subject: Invalid input (2); identifier: Invalid input (1).",
        "1 Group member could not be read: the member reference names no Patient.",
        "1 adverse event names a subject that is not on this list and is not counted.",
        "4 response assessments name subjects that are not on this list and are not counted.",
        "1 subject on the list has a note: see the Note column.",
      ].join(" "),
    );
  });
});

describe("DataQualityNotes with linked counts", () => {
  it("links a note's count to its records and keeps plain notes as words", () => {
    const html = renderToStaticMarkup(
      <DataQualityNotes
        rejected={[]}
        notes={[
          "A plain note.",
          linkedNote("2 results without a unit", "/x?issue=no-unit#issue", ": shown apart."),
          linkedNote("1 result", null, " with no listing."),
        ]}
      />,
    );
    expect(html).toContain('<li><a href="/x?issue=no-unit#issue">2 results without a unit</a>: shown apart.</li>');
    expect(text(html)).toBe(
      "Data notes A plain note. 2 results without a unit : shown apart. 1 result with no listing.",
    );
  });

  it("noteText reads a note without its links", () => {
    expect(noteText(["Mixed: ", { text: "7 events", href: "/a" }, "."])).toBe("Mixed: 7 events.");
  });
});

describe("DataAsOf", () => {
  it("shows the load time in UTC with a machine-readable datetime", () => {
    const html = renderToStaticMarkup(<DataAsOf asOf={Date.UTC(2026, 0, 2, 3, 4, 5)} />);
    expect(html).toContain('dateTime="2026-01-02T03:04:05.000Z"');
    expect(text(html)).toBe("Data as of 2 Jan 2026, 03:04 UTC");
  });

  it("names the record types loaded more than two minutes before the newest, oldest first", () => {
    const at = (minutes: number) => Date.UTC(2026, 0, 2, 3, minutes);
    const loads = [
      { recordType: "Patient" as const, loadedAt: at(40) },
      { recordType: "laboratory" as const, loadedAt: at(5) },
      { recordType: "AdverseEvent" as const, loadedAt: at(39) },
      { recordType: "Group" as const, loadedAt: at(37) },
    ];
    expect(text(renderToStaticMarkup(<DataAsOf asOf={at(5)} loads={loads} />))).toBe(
      // (text() puts a space where each element ends.)
      "Data as of 2 Jan 2026, 03:05 UTC Older than the rest (as of 2 Jan 2026, 03:40 UTC ): " +
        "Laboratory results as of 2 Jan 2026, 03:05 UTC ; Subjects list as of 2 Jan 2026, 03:37 UTC . " +
        "Refresh loads them all again together.",
    );
  });

  it("says nothing more where the loads are within two minutes of each other", () => {
    const loads = [
      { recordType: "Patient" as const, loadedAt: Date.UTC(2026, 0, 2, 3, 4) },
      { recordType: "laboratory" as const, loadedAt: Date.UTC(2026, 0, 2, 3, 6) },
    ];
    expect(text(renderToStaticMarkup(<DataAsOf asOf={loads[0].loadedAt} loads={loads} />))).toBe(
      "Data as of 2 Jan 2026, 03:04 UTC",
    );
  });
});
