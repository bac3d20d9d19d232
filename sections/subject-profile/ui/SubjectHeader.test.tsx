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
};

describe("SubjectNav", () => {
  it("keeps the list's order and a day 1 at the baseline on the previous and next subject", () => {
    const html = renderToStaticMarkup(
      <SubjectNav studyHref="/studies/c1/S" neighbours={neighbours} dayOne="baseline" />,
    );
    expect(html).toContain('href="/studies/c1/S/subjects/101-0003?sort=subjectId.desc&amp;day1=baseline"');
    expect(html).toContain('href="/studies/c1/S/subjects/101-0001?sort=subjectId.desc&amp;day1=baseline"');
    // The way back to the list carries the list's state only.
    expect(html).toContain('href="/studies/c1/S?sort=subjectId.desc"');
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
    expect(html).toContain('href="/studies/c1/S?sort=subjectId.desc&amp;only_sex=Female"');
    expect(html).toContain('href="/studies/c1/S/subjects/101-0003?sort=subjectId.desc&amp;only_sex=Female"');
    const only = '<a data-study-filter="set" href="/studies/c1/S/subjects/101-0002?only_subjects=101-0002">';
    expect(html).toContain(`${only}Only this subject in every section</a>`);
  });
});
