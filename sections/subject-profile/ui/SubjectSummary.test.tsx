/** The subject's summary as its profile shows it. */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { SubjectFacts } from "../subject-facts";
import { SubjectSummary } from "./SubjectSummary";

const FACTS: SubjectFacts = {
  age: 65,
  site: "101",
  status: "Off study drug since 2023-09-30",
  firstDose: "2023-04-02",
  response: { evaluable: true, recomputed: "PD", signed: "PR" },
  findings: 2,
};
const fields = (html: string) =>
  Object.fromEntries([...html.matchAll(/data-field="(\w+)">(.*?)<\/dd>/g)].map(([, k, v]) => [k, v]));

describe("the subject's summary", () => {
  it("shows how the age is worked out, the site, both responses where they differ, and links the findings", () => {
    const html = renderToStaticMarkup(
      <SubjectSummary subjectId="101-0001" birthYear={1958} facts={FACTS} studyHref="/studies/c1/ONC-101" />,
    );
    expect(fields(html)).toEqual({
      age: "About 65 (year of the first dose 2023 − birth year 1958; may be one over)",
      site: "101",
      status: "Off study drug since 2023-09-30",
      firstDose: "2023-04-02",
      bor: "Progressive Disease (PD) recomputed; Partial Response (PR) as signed (they differ)",
      findings: '<a href="/studies/c1/ONC-101/data-checks?subject=101-0001#findings">2 findings</a>',
    });
  });

  it("says what is not known, and shows no response where the study has none", () => {
    const facts: SubjectFacts = { ...FACTS, age: null, site: null, firstDose: null, response: null, findings: 0 };
    const html = renderToStaticMarkup(
      <SubjectSummary subjectId="S-1" birthYear={1958} facts={facts} studyHref="/studies/c1/CARD-201" />,
    );
    expect(fields(html)).toMatchObject({
      age: "Not known: no dated study-drug record",
      site: "Not told: the subject ID is not numbered &lt;site&gt;-&lt;number&gt;",
      firstDose: "No dated study-drug record",
      findings: "None",
    });
    expect(html).not.toMatch(/response/i);
  });

  it("shows no findings where they were not counted", () => {
    const html = renderToStaticMarkup(
      <SubjectSummary subjectId="101-0001" birthYear={1958} facts={{ ...FACTS, findings: null }} studyHref="/s" />,
    );
    expect(html).not.toContain("Data-check findings");
  });

  it("says when the recomputed and signed responses agree", () => {
    const facts: SubjectFacts = { ...FACTS, response: { evaluable: true, recomputed: "SD", signed: "SD" } };
    const html = renderToStaticMarkup(
      <SubjectSummary subjectId="101-0001" birthYear={1958} facts={facts} studyHref="/s" />,
    );
    expect(fields(html).bor).toBe("Stable Disease (SD), recomputed and as signed alike");
  });
});
