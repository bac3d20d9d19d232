/**
 * The subject list's way to set the study filter by subgroup (docs/design.md, The study filter): a plain GET form
 * (it works without scripts) whose choices apply to every section of the study. The subjects the filter names are
 * kept; a subgroup left at "Any" is not chosen.
 */
import uiStyles from "@/components/ui/ui.module.css";
import { SUBGROUP_KINDS, SUBGROUP_TITLE } from "@/lib/clinical/adverse-events/study";
import type { SubjectListRow } from "@/lib/clinical/subjects/subject-list";
import { sectionHref } from "@/sections/frame/addresses";
import { type StudyFilter, SUBGROUP_PARAMS, SUBJECTS_PARAM } from "@/sections/frame/study-filter";
import { subgroupChoices } from "../subgroup-choices";

interface Props {
  rows: readonly SubjectListRow[];
  filter: StudyFilter;
  studyHref: string;
}

export function SubgroupFilter({ rows, filter, studyHref }: Props) {
  const choices = subgroupChoices(rows, filter);
  return (
    <form
      method="get"
      action={sectionHref(studyHref, "subjects")}
      aria-labelledby="subgroup-filter-title"
      className={`${uiStyles.toolbar} ${uiStyles.noPrint}`}
    >
      <span id="subgroup-filter-title">
        Filter every section by subgroup of the Group&apos;s members (age group at the year of their first adverse
        event):
      </span>
      {SUBGROUP_KINDS.map((kind) => (
        <span key={kind}>
          <label htmlFor={`subgroup-${kind}`}>{SUBGROUP_TITLE[kind]}</label>{" "}
          <select id={`subgroup-${kind}`} name={SUBGROUP_PARAMS[kind]} defaultValue={filter.subgroup[kind] ?? ""}>
            <option value="">Any</option>
            {choices[kind].map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </span>
      ))}
      {filter.subjects.length > 0 ? (
        <input type="hidden" name={SUBJECTS_PARAM} value={filter.subjects.join(",")} />
      ) : null}
      <button type="submit">Apply to every section</button>
    </form>
  );
}
