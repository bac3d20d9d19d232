"use client";
/**
 * The study filter under the study's header (docs/design.md, The study filter): one chip per chosen part, each a
 * link to the same page without it, and "Clear all". Nothing is shown while the filter chooses nothing. A part of
 * the address the filter did not read is not shown here (the page's data notes name its parameter).
 */
import Link from "next/link";
import { usePathname, useSearchParams } from "next/navigation";
import { NO_STUDY_FILTER, parseStudyFilter, studyFilterChips, withStudyFilter } from "../study-filter";
import { KEEP_ATTRIBUTE } from "../study-filter-keep";
import styles from "./study.module.css";

/** These links set the filter themselves: StudyFilterKeeper leaves them as they are. */
const SETS_FILTER = { [KEEP_ATTRIBUTE]: "set" };

export function StudyFilterChips() {
  return <StudyFilterChipList pathname={usePathname()} search={useSearchParams().toString()} />;
}

/** The chips of the page at `pathname` with the query `search` (without `?`). */
export function StudyFilterChipList({ pathname, search }: { pathname: string; search: string }) {
  const filter = parseStudyFilter(new URLSearchParams(search));
  const chips = studyFilterChips(filter);
  if (chips.length === 0) return null;
  const here = search ? `${pathname}?${search}` : pathname;
  return (
    // Not a heading: the page's headings stay the study's and its section's.
    <section aria-label="Study filter" className={styles.filter}>
      <p>
        <strong>Study filter:</strong> every section of the study counts and lists only these subjects
      </p>
      <ul>
        {chips.map((chip) => (
          <li key={chip.label}>
            <Link
              className={styles.chip}
              href={withStudyFilter(here, chip.without)}
              {...SETS_FILTER}
              aria-label={`Remove ${chip.label} from the study filter`}
            >
              {chip.label} <span aria-hidden="true">×</span>
            </Link>
          </li>
        ))}
      </ul>
      <Link href={withStudyFilter(here, NO_STUDY_FILTER)} {...SETS_FILTER}>
        Clear all
      </Link>
    </section>
  );
}
