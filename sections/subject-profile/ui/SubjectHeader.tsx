/**
 * A subject's identifiers and demographics, and the way back to the subject
 * list and on to the previous and next subject in the list's current order
 * (the order and filters the user left the list in, carried in the address),
 * among the subjects the study filter keeps, which every link carries on.
 */
import Link from "next/link";
import uiStyles from "@/components/ui/ui.module.css";
import type { DayOneAnchor } from "@/lib/clinical/exposure/day-one";
import type { SubjectListRow } from "@/lib/clinical/subjects/subject-list";
import { NO_STUDY_FILTER, type StudyFilter, withStudyFilter } from "@/sections/frame/study-filter";
import { KEEP_ATTRIBUTE } from "@/sections/frame/study-filter-keep";
import { DAY_ONE_PARAM, dayOneValue, profileHref, subjectListHref } from "../query";
import type { SubjectNeighbours } from "../subject-neighbours";

interface NavProps {
  studyHref: string;
  neighbours: SubjectNeighbours;
  /** The page's day 1, which the previous and next subject keep. */
  dayOne: DayOneAnchor;
  /** The profile with the study filter set to this subject alone (docs/design.md, The study filter). */
  onlyHref?: string | null;
  /** The page's study filter, which the ways to the list and the other subjects carry on. */
  filter?: StudyFilter;
}

export function SubjectNav({ studyHref, neighbours, dayOne, onlyHref, filter = NO_STUDY_FILTER }: NavProps) {
  const { listSearch, previous, next, position, count, narrowed, studyFiltered } = neighbours;
  const search = new URLSearchParams(listSearch);
  const day1 = dayOneValue(dayOne);
  if (day1 !== null) search.set(DAY_ONE_PARAM, day1);
  const to = (id: string) => withStudyFilter(profileHref(studyHref, id, search.toString()), filter);
  const only = onlyHref ? (
    <Link href={onlyHref} {...{ [KEEP_ATTRIBUTE]: "set" }}>
      Only this subject in every section
    </Link>
  ) : null;
  const order = narrowed ? "current (sorted or filtered)" : "Group's";
  return (
    <nav aria-label="Subjects" className={uiStyles.toolbar}>
      <Link href={withStudyFilter(subjectListHref(studyHref, listSearch), filter)}>Back to the subject list</Link>
      {previous ? <Link href={to(previous)}>Previous subject: {previous}</Link> : <span>No previous subject</span>}
      {next ? <Link href={to(next)}>Next subject: {next}</Link> : <span>No next subject</span>}
      <span>
        {position === null
          ? `The ${studyFiltered ? "study filter or the " : ""}subject list's current filters leave this subject out ` +
            `(${count} shown there).`
          : `Subject ${position} of ${count} in the subject list's ${order} order` +
            `${studyFiltered ? ", among the subjects the study filter keeps" : ""}.`}
      </span>
      {only}
    </nav>
  );
}

const FIELDS: [keyof SubjectListRow, string][] = [
  ["subjectId", "Subject ID"],
  ["subjectStudyNumber", "Subject study number"],
  ["sex", "Sex"],
  ["birthYear", "Birth year"],
  ["race", "Race"],
  ["ethnicity", "Ethnicity"],
];

export function SubjectHeader({ subject }: { subject: SubjectListRow }) {
  return (
    <>
      <dl aria-label="Subject" className={`${uiStyles.details} ${uiStyles.aligned}`}>
        {FIELDS.map(([key, label]) => (
          <div key={key}>
            <dt>{label}</dt>
            <dd data-field={key}>{subject[key] ?? "not recorded"}</dd>
          </div>
        ))}
      </dl>
      {subject.note ? <p>Note: {subject.note}</p> : null}
    </>
  );
}
