/**
 * The Tumour response summary's view: the section's view under the URL's options and, when those are not the
 * defaults, which evaluable subjects' best overall responses they change against the defaults (no confirmation,
 * SD at 42 days; docs/clinical-rules.md, Tumour response), so that the page can say what the options did. Both
 * derivations are memoised per cached entry and options (./load-tumour-response.ts).
 */
import {
  DEFAULT_MIN_SD_DAYS,
  DEFAULT_RESPONSE_OPTIONS,
  type ResponseOptions,
} from "@/lib/clinical/response/best-response";
import type { SubjectResponse } from "@/lib/clinical/response/subject-response";
import type { Response } from "@/lib/clinical/response/timepoint";
import type { StudyData } from "@/lib/study/study-rows";
import { loadTumourResponse, type TumourResponseView } from "./load";

/** A subject whose BOR the options change: as signed and as recomputed, from (the defaults') to (the options'). */
export interface OptionChange {
  subjectId: string;
  signed: { from: Response; to: Response } | null;
  recomputed: { from: Response; to: Response } | null;
}

export interface ResponseSummaryView extends TumourResponseView {
  /** Null under the default options; else the evaluable subjects whose BOR they change (none: an empty list). */
  optionChanges: OptionChange[] | null;
}

export const isDefaultOptions = (o: ResponseOptions) => !o.confirm && o.minSdDays === DEFAULT_MIN_SD_DAYS;

/** The evaluable subjects whose BOR differs between `chosen` and `defaults` (the same subjects, in either order). */
export function optionChanges(
  chosen: readonly SubjectResponse[],
  defaults: ReadonlyMap<string, SubjectResponse>,
): OptionChange[] {
  const out: OptionChange[] = [];
  for (const s of chosen) {
    const d = defaults.get(s.subjectId);
    if (!d || s.notEvaluable !== null) continue;
    const change = (source: "signed" | "recomputed") =>
      d[source].bor === s[source].bor ? null : { from: d[source].bor, to: s[source].bor };
    const signed = change("signed");
    const recomputed = change("recomputed");
    if (signed || recomputed) out.push({ subjectId: s.subjectId, signed, recomputed });
  }
  return out;
}

export async function loadResponseSummary(study: StudyData, options: ResponseOptions): Promise<ResponseSummaryView> {
  const view = await loadTumourResponse(study, options);
  if (isDefaultOptions(options) || !view.hasResponseData) return { ...view, optionChanges: null };
  const defaults = await loadTumourResponse(study, DEFAULT_RESPONSE_OPTIONS);
  return { ...view, optionChanges: optionChanges(view.subjects, defaults.bySubject) };
}
