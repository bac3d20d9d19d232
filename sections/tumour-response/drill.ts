/**
 * Which subjects the Tumour response summary lists below its table (`subjects=<source>-<group>` in the URL): the
 * evaluable subjects of one best overall response, of the objective response (CR or PR) or of disease control (CR,
 * PR or SD), or all of them (N), as signed or as recomputed (docs/clinical-rules.md, Tumour response). Any other
 * value lists every subject.
 */
import type { SubjectResponse } from "@/lib/clinical/response/subject-response";
import type { Response } from "@/lib/clinical/response/timepoint";
import type { ParamSource } from "@/lib/tables/url-state";
import type { BorSource } from "./query";

export type DrillGroup = Response | "ORR" | "DCR" | "N";

export interface SubjectDrill {
  source: BorSource;
  group: DrillGroup;
}

export const DRILL_PARAM = "subjects";

const GROUPS: ReadonlyMap<string, readonly Response[]> = new Map([
  ["CR", ["CR"]],
  ["PR", ["PR"]],
  ["SD", ["SD"]],
  ["PD", ["PD"]],
  ["NE", ["NE"]],
  ["ORR", ["CR", "PR"]],
  ["DCR", ["CR", "PR", "SD"]],
  ["N", ["CR", "PR", "SD", "PD", "NE"]],
]);

/** The URL's choice; null (every subject) for none or anything unreadable. */
export function parseSubjectDrill(params: ParamSource): SubjectDrill | null {
  const m = /^(signed|recomputed)-([A-Z]{1,3})$/.exec(params.get(DRILL_PARAM) ?? "");
  if (!m || !GROUPS.has(m[2])) return null;
  return { source: m[1] as BorSource, group: m[2] as DrillGroup };
}

export const drillValue = (d: SubjectDrill) => `${d.source}-${d.group}`;

/** Whether a subject is one of the drill's: evaluable, with its best overall response (of the source) in the group. */
export function inDrill(s: SubjectResponse, d: SubjectDrill): boolean {
  return s.notEvaluable === null && (GROUPS.get(d.group) as readonly Response[]).includes(s[d.source].bor);
}

const GROUP_TITLE: Readonly<Record<DrillGroup, string>> = {
  CR: "a best overall response of CR",
  PR: "a best overall response of PR",
  SD: "a best overall response of SD",
  PD: "a best overall response of PD",
  NE: "a best overall response of NE",
  ORR: "an objective response (CR or PR)",
  DCR: "disease control (CR, PR or SD)",
  N: "any best overall response (every evaluable subject)",
};

/** What the listing shows, in words: "Evaluable subjects with a best overall response of PR as signed". */
export const drillTitle = (d: SubjectDrill) => `Evaluable subjects with ${GROUP_TITLE[d.group]} as ${d.source}`;
