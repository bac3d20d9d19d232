/** What a page says of the study filter among its data notes. */
import { describe, expect, it } from "vitest";
import type { Population } from "./filtered-study";
import { parseStudyFilter } from "./study-filter";
import { studyFilterNotes } from "./study-filter-notes";

const filterOf = (query: string) => parseStudyFilter(new URLSearchParams(query));
const population = (ids: string[], of: number, unknown: string[] = []): Population => ({
  ids: new Set(ids),
  numbers: new Set(),
  of,
  unknown,
});

describe("the study filter's notes", () => {
  it("says how many subjects it keeps and that N is theirs", () => {
    const notes = studyFilterNotes(filterOf("only_sex=Female"), population(["P1", "P3"], 60));
    expect(notes).toEqual([
      "The study filter keeps 2 subjects of 60: every count and listing here is of their records, and the N of " +
        "every percentage is these subjects (the Group's members among them).",
    ]);
  });

  it("names the IDs the study does not have, and says when no subject is kept", () => {
    const notes = studyFilterNotes(filterOf("only_subjects=X-1"), population([], 60, ["X-1"]));
    expect(notes.slice(1)).toEqual([
      "1 subject ID of the study filter is not in this study: X-1.",
      "No subject of the study has every value the filter chooses: remove a part of it above.",
    ]);
  });

  it("names an ignored parameter without its value", () => {
    const notes = studyFilterNotes(filterOf("only_age=%3Cb%3E"), null);
    expect(notes).toEqual([
      "The study filter's parameter only_age has a value of a form it does not read: it is ignored.",
    ]);
  });

  it("says that a subject's own page is not narrowed", () => {
    const notes = studyFilterNotes(filterOf("only_sex=Male"), null, true);
    expect(notes).toEqual([
      "The study filter narrows the study's sections, not a subject's own page: all its records are here.",
    ]);
  });
});
