/** The subject list's subgroup form: the study filter's parameters, its choices, and what it keeps. */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { SubjectListRow } from "@/lib/clinical/subjects/subject-list";
import { parseStudyFilter } from "@/sections/frame/study-filter";
import { subgroupChoices } from "../subgroup-choices";
import { SubgroupFilter } from "./SubgroupFilter";

const row = (sex: string | null, race: string | null) => ({ sex, race }) as SubjectListRow;
const filterOf = (query: string) => parseStudyFilter(new URLSearchParams(query));

describe("the subject list's subgroup form", () => {
  it("offers the code sets' labels, then the list's other values and the chosen one, Not recorded last", () => {
    const choices = subgroupChoices([row("Female", "2131-9"), row(null, "White")], filterOf("only_race=Maori"));
    expect(choices.sex).toEqual(["Male", "Female", "Other", "Unknown", "Not recorded"]);
    expect(choices.race).toEqual([
      "White",
      "Black or African American",
      "Asian",
      "American Indian or Alaska Native",
      "Native Hawaiian or Other Pacific Islander",
      "Other Race",
      "Unknown",
      "2131-9",
      "Maori",
      "Not recorded",
    ]);
    expect(choices.age).toEqual(["Under 65", "65-74", "75 and over", "Unknown"]);
  });

  it("submits the study filter's parameters to the subject list, the chosen subjects kept", () => {
    const html = renderToStaticMarkup(
      <SubgroupFilter rows={[]} filter={filterOf("only_subjects=101-0001&only_sex=Female")} studyHref="/studies/c/S" />,
    );
    expect(html).toContain('action="/studies/c/S/subjects"');
    expect(html).toMatch(/<select id="subgroup-sex" name="only_sex">.*<option value="Female" selected="">/);
    expect(html).toContain('name="only_age"');
    expect(html).toContain('name="only_race"');
    expect(html).toContain('<input type="hidden" name="only_subjects" value="101-0001"/>');
  });
});
