import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { parseStudyFilter } from "@/sections/frame/study-filter";
import { SubjectNav } from "./SubjectHeader";

const neighbours = {
  listSearch: "sort=subjectId.desc",
  previous: "101-0003",
  next: "101-0001",
  position: 2,
  count: 3,
  narrowed: true,
  studyFiltered: false,
};

describe("SubjectNav", () => {
  it("keeps the list's order and a day 1 at the baseline on the previous and next subject", () => {
    const html = renderToStaticMarkup(
      <SubjectNav studyHref="/studies/c1/S" neighbours={neighbours} dayOne="baseline" />,
    );
    expect(html).toContain('href="/studies/c1/S/subjects/101-0003?sort=subjectId.desc&amp;day1=baseline"');
    expect(html).toContain('href="/studies/c1/S/subjects/101-0001?sort=subjectId.desc&amp;day1=baseline"');
    // The way back to the list carries the list's state only.
    expect(html).toContain('href="/studies/c1/S/subjects?sort=subjectId.desc"');
  });

  it("writes no day 1 for the profile's default, the first dose", () => {
    const html = renderToStaticMarkup(
      <SubjectNav studyHref="/studies/c1/S" neighbours={neighbours} dayOne="first-dose" />,
    );
    expect(html).not.toContain("day1=");
  });

  it("carries the study filter on the way back and to the other subjects, and offers this subject alone", () => {
    const html = renderToStaticMarkup(
      <SubjectNav
        studyHref="/studies/c1/S"
        neighbours={neighbours}
        dayOne="first-dose"
        onlyHref="/studies/c1/S/subjects/101-0002?only_subjects=101-0002"
        filter={parseStudyFilter(new URLSearchParams("only_sex=Female"))}
      />,
    );
    expect(html).toContain('href="/studies/c1/S/subjects?sort=subjectId.desc&amp;only_sex=Female"');
    expect(html).toContain('href="/studies/c1/S/subjects/101-0003?sort=subjectId.desc&amp;only_sex=Female"');
    const only = '<a data-study-filter="set" href="/studies/c1/S/subjects/101-0002?only_subjects=101-0002">';
    expect(html).toContain(`${only}Only this subject in every section</a>`);
  });

  it("walks the subjects the study filter keeps, says so, and keeps the filter on previous and next", () => {
    const html = renderToStaticMarkup(
      <SubjectNav
        studyHref="/studies/c1/S"
        neighbours={{ ...neighbours, studyFiltered: true }}
        dayOne="baseline"
        filter={parseStudyFilter(new URLSearchParams("only_subjects=101-0003,101-0002,101-0001&only_age=65-74"))}
      />,
    );
    const filter = "only_subjects=101-0003%2C101-0002%2C101-0001&amp;only_age=65-74";
    expect(html).toContain(
      `href="/studies/c1/S/subjects/101-0003?sort=subjectId.desc&amp;day1=baseline&amp;${filter}"`,
    );
    expect(html).toContain(
      `href="/studies/c1/S/subjects/101-0001?sort=subjectId.desc&amp;day1=baseline&amp;${filter}"`,
    );
    expect(html).toContain(
      "Subject 2 of 3 in the subject list&#x27;s current (sorted or filtered) order, among the subjects the study " +
        "filter keeps.",
    );
  });

  it("says the study filter may be what leaves the subject out", () => {
    const html = renderToStaticMarkup(
      <SubjectNav
        studyHref="/studies/c1/S"
        neighbours={{ ...neighbours, previous: null, next: null, position: null, studyFiltered: true }}
        dayOne="first-dose"
      />,
    );
    expect(html).toContain("The study filter or the subject list&#x27;s current filters leave this subject out (3");
    expect(html).toContain("No previous subject");
  });
});
