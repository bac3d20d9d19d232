/** The study filter's chips under the study header, and the jump to a subject's profile. */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { subjectJumpHref } from "../subject-jump";
import { StudyFilterChipList } from "./StudyFilterChips";
import { SubjectJump } from "./SubjectJump";

vi.mock("next/navigation", () => ({
  useRouter: () => ({ push: () => {} }),
  useSearchParams: () => new URLSearchParams("only_sex=Female"),
}));

const PATH = "/studies/c1/ONC-101/laboratory";

describe("the study filter's chips", () => {
  it("shows each chosen part as a link to the page without it, and Clear all", () => {
    const html = renderToStaticMarkup(
      <StudyFilterChipList pathname={PATH} search="test=ALT&only_subjects=101-0001&only_sex=Female" />,
    );
    expect(html).toContain(
      `aria-label="Remove Subject 101-0001 from the study filter" href="${PATH}?test=ALT&amp;only_sex=Female"`,
    );
    expect(html).toContain(
      `aria-label="Remove Sex: Female from the study filter" href="${PATH}?test=ALT&amp;only_subjects=101-0001"`,
    );
    expect(html).toContain(`href="${PATH}?test=ALT">Clear all</a>`);
  });

  it("shows nothing without a filter, nor for a value it does not read", () => {
    expect(renderToStaticMarkup(<StudyFilterChipList pathname={PATH} search="test=ALT" />)).toBe("");
    const hostile = encodeURIComponent("<script>alert(1)</script>");
    expect(renderToStaticMarkup(<StudyFilterChipList pathname={PATH} search={`only_race=${hostile}`} />)).toBe("");
  });
});

describe("the jump to a subject", () => {
  it("opens the typed subject's profile in the same study, the study filter carried on", () => {
    expect(subjectJumpHref("/studies/c1/ONC-101", " 101-0003 ", "only_sex=Female&test=ALT")).toBe(
      "/studies/c1/ONC-101/subjects/101-0003?only_sex=Female",
    );
    // An ID is one path segment below the study, whatever it holds.
    expect(subjectJumpHref("/studies/c1/ONC-101", "../../c2/X/1", "")).toBe(
      "/studies/c1/ONC-101/subjects/..%2F..%2Fc2%2FX%2F1",
    );
  });

  it("is a named form with a labelled box and a button", () => {
    const html = renderToStaticMarkup(<SubjectJump studyHref="/studies/c1/ONC-101" />);
    expect(html).toMatch(/^<form aria-label="Go to a subject"/);
    const id = /<label for="([^"]+)">Subject ID<\/label>/.exec(html)?.[1];
    expect(id).toBeDefined();
    expect(html).toMatch(new RegExp(`<input id="${id}" type="search"[^>]* name="subject"/>`));
    expect(html).toContain('<button type="submit">Open profile</button>');
  });

  it("opens nothing for an empty or overlong ID", () => {
    expect(subjectJumpHref("/studies/c1/ONC-101", "   ", "")).toBeNull();
    expect(subjectJumpHref("/studies/c1/ONC-101", "x".repeat(65), "")).toBeNull();
  });
});
