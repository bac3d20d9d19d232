/**
 * What the profile says of its study days, as the server renders it: the anchor chosen, the date it gave and what
 * that date is, and the choice of the other anchor. Expected texts are written by hand.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { StudyDays } from "./StudyDays";

const text = (html: string) => html.replace(/<[^>]+>/g, "");

describe("StudyDays", () => {
  it("names the first dose by default and offers the baseline, keeping the page's other state", () => {
    const html = renderToStaticMarkup(
      <StudyDays
        dayOne="first-dose"
        reference={{ date: "2024-02-27", source: "first dose" }}
        withAssessments
        kept={new URLSearchParams("grid=2")}
      />,
    );
    expect(text(html)).toContain("Study day 1 is 2024-02-27, the first dose of study medication.");
    expect(html).toContain('href="?grid=2&amp;day1=baseline#subject-timeline-title"');
    expect(html).toMatch(/aria-current="page"[^>]*>First dose of the study drug</);
  });

  it("says so when the baseline was chosen but the subject has none, and names what day 1 is instead", () => {
    const html = renderToStaticMarkup(
      <StudyDays
        dayOne="baseline"
        reference={{ date: "2024-02-27", source: "first dose" }}
        withAssessments
        kept={new URLSearchParams("day1=baseline")}
      />,
    );
    expect(text(html)).toContain(
      "Study day 1 is 2024-02-27, the first dose of study medication (this subject has no dated baseline assessment).",
    );
    expect(text(html)).toContain("Study days count from day 1 = the baseline response assessment, else");
    expect(html).toContain('href="?#subject-timeline-title"');
  });

  it("offers no baseline in a study without response assessments, and does not speak of them", () => {
    const html = renderToStaticMarkup(
      <StudyDays
        dayOne="first-dose"
        reference={{ date: "2024-02-27", source: "first dose" }}
        withAssessments={false}
        kept={new URLSearchParams()}
      />,
    );
    expect(html).not.toContain("<nav");
    expect(text(html)).not.toMatch(/response/i);
  });
});
