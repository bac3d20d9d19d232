/**
 * The data checks of a study (docs/clinical-rules.md, Data checks), from the cached DiagnosticReport (assessments),
 * imaging (lesions), AdverseEvent and laboratory rows: every rule's findings, computed once per cached entry (each
 * family from its own record types, so that refreshing one does not recompute the others), their counts per rule,
 * and the findings the URL's filters (one rule, one subject: ./query.ts) keep.
 */
import type { Finding } from "@/lib/clinical/checks/finding";
import { adverseEventFindings, laboratoryFindingsSliced } from "@/lib/clinical/checks/record-checks";
import { type ResponseChecks, responseChecksSliced } from "@/lib/clinical/checks/response-checks";
import { countByRule, type RuleCount, sortFindings } from "@/lib/clinical/checks/study-findings";
import { derived, derivedInSlices, derivedOf } from "@/lib/study/derived";
import { type SectionData, sectionData } from "@/lib/study/section-data";
import type { StudyData } from "@/lib/study/study-rows";
import type { DataChecksQuery } from "./query";

/** The default query, where sections/exports.ts (the export pack's parts) and its views' test import it. */

export interface DataChecksView extends SectionData {
  /** Whether the study sent response assessments: without them the RECIST 1.1 rules have nothing to check. */
  recistApplies: boolean;
  assessments: number;
  lesions: number;
  /** Findings per rule, every rule listed. */
  counts: RuleCount[];
  /** Every finding of the study. */
  total: number;
  /** The subjects with at least one finding, in order. */
  subjects: string[];
  /** The URL's filters that the findings have (a subject without findings is dropped). */
  filter: DataChecksQuery;
  /** The findings the filter keeps, in the rules' order. */
  findings: readonly Finding[];
  /** What the response checks could not check, for the data notes. */
  response: Omit<ResponseChecks, "findings">;
}

/**
 * The study's findings of every family in the rules' order, their counts per rule and their subjects. The loader
 * memoises it per cached entry; the benchmark times it as is.
 */
export function studyFindings(...families: (readonly Finding[])[]) {
  const findings = sortFindings(families.flat());
  const subjects = new Set<string>();
  for (const f of findings) if (f.subjectId !== null) subjects.add(f.subjectId);
  return { findings, counts: countByRule(findings), subjects: [...subjects].sort() };
}

export async function loadDataChecks(study: StudyData, query: DataChecksQuery): Promise<DataChecksView> {
  const [reports, imaging, events, labs] = await Promise.all([
    study.rows("DiagnosticReport"),
    study.rows("imaging"),
    study.rows("AdverseEvent"),
    study.rows("laboratory"),
  ]);
  const [response, lab] = await Promise.all([
    derivedInSlices("data-checks:response", [reports.value, imaging.value], () =>
      responseChecksSliced(reports.value.rows, imaging.value.rows),
    ),
    derivedInSlices("data-checks:laboratory", [labs.value], () => laboratoryFindingsSliced(labs.value.rows)),
  ]);
  const ae = derived("data-checks:adverse-events", [events.value], () => adverseEventFindings(events.value.rows));
  const deps: [object, ...object[]] = [reports.value, imaging.value, events.value, labs.value];
  const all = derived("data-checks:all", deps, () => studyFindings(response.findings, ae, lab));
  const filter: DataChecksQuery = {
    rule: query.rule,
    subject: query.subject !== null && all.subjects.includes(query.subject) ? query.subject : null,
  };
  const { findings: _, ...checked } = response;
  return {
    ...sectionData({ DiagnosticReport: reports, imaging, AdverseEvent: events, laboratory: labs }),
    recistApplies: reports.value.rows.length > 0,
    assessments: reports.value.rows.length,
    lesions: imaging.value.rows.length,
    counts: all.counts,
    total: all.findings.length,
    subjects: all.subjects,
    filter,
    findings: filtered(all.findings, filter, deps),
    response: checked,
  };
}

/** The findings of one rule and/or subject: the same array while the entry is cached. */
function filtered(findings: readonly Finding[], f: DataChecksQuery, deps: [object, ...object[]]): readonly Finding[] {
  if (f.rule === null && f.subject === null) return findings;
  return derivedOf("data-checks:filtered", JSON.stringify(f), deps, () =>
    findings.filter((x) => (f.rule === null || x.rule === f.rule) && (f.subject === null || x.subjectId === f.subject)),
  );
}
