/**
 * The choices of the subject list's subgroup filter (./ui/SubgroupFilter.tsx): the values each subgroup of the
 * Group's members can take (docs/clinical-rules.md, Adverse events in a study), the code sets' labels first, then
 * any other value the list's subjects have, and the one chosen, so that the form always shows what is applied.
 */
import { AGE_GROUPS, NOT_RECORDED, type SubgroupKind } from "@/lib/clinical/adverse-events/study";
import { RACE_LABELS, SEX_LABEL_VALUES } from "@/lib/clinical/subjects/cdc";
import type { SubjectListRow } from "@/lib/clinical/subjects/subject-list";
import type { StudyFilter } from "@/sections/frame/study-filter";

export function subgroupChoices(
  rows: readonly SubjectListRow[],
  filter: StudyFilter,
): Readonly<Record<SubgroupKind, readonly string[]>> {
  const withOthers = (known: readonly string[], kind: "sex" | "race") => {
    const others = new Set<string>();
    for (const r of rows) others.add(r[kind] ?? NOT_RECORDED);
    const chosen = filter.subgroup[kind];
    if (chosen !== undefined) others.add(chosen);
    for (const k of known) others.delete(k);
    others.delete(NOT_RECORDED);
    return [...known, ...[...others].sort(), NOT_RECORDED];
  };
  return { sex: withOthers(SEX_LABEL_VALUES, "sex"), age: AGE_GROUPS, race: withOthers(RACE_LABELS, "race") };
}
