/**
 * The data-checks section's content (a server component): what the checks are, the findings per rule of the rules
 * that apply (those that do not named in one line), then the findings the URL's filters keep, each record linked,
 * with their CSV.
 */

import type { SectionPlace } from "@/sections/frame/section-place";
import { Convention } from "@/sections/frame/ui/Convention";
import { HowComputed } from "@/sections/frame/ui/HowComputed";
import { plural } from "@/sections/frame/ui/notices";
import type { DataChecksView } from "../load";
import { FINDINGS_ANCHOR } from "../query";
import { notApplyingLine } from "../tables";
import { FindingsFilter } from "./FindingsFilter";
import { FindingsTable } from "./FindingsTable";
import { RuleCounts } from "./RuleCounts";

export function DataChecksContent({ view, place }: { view: DataChecksView; place: SectionPlace }) {
  return (
    <>
      <HowComputed gist="the partner's records checked against the rules below">
        <p>
          The portal checks the partner&apos;s records against the rules below: the signed response assessments against
          its own RECIST 1.1 recomputation from the lesions, and the adverse events and laboratory results. Each finding
          names its rule, its subject, the records that break it (each opens where it is listed) and the values that
          disagree: what was found, and what the rule or the recomputation expects.
        </p>
        <Convention anchor="data-checks">
          Responses recomputed by RECIST 1.1 (Table 1 with target lesions, Table 2 with non-target disease only); a
          reported sum or change is a finding when more than 0.1 mm from the recomputed one.
        </Convention>
      </HowComputed>
      {view.recistApplies ? (
        <p>
          The RECIST 1.1 checks read {view.assessments.toLocaleString("en")} response assessments and{" "}
          {view.lesions.toLocaleString("en")} lesion records, and recomputed the assessments of{" "}
          {plural(view.response.checked, "subject")} with a baseline.
        </p>
      ) : (
        <p role="status">{notApplyingLine(view, place.study)}</p>
      )}
      <RuleCounts view={view} base={place.base} study={place.study} />
      <h3 id={FINDINGS_ANCHOR}>
        Findings ({view.findings.length === view.total ? view.total : `${view.findings.length} of ${view.total}`})
      </h3>
      <FindingsFilter view={view} base={place.base} />
      {view.findings.length === 0 ? (
        <p>{view.total === 0 ? "No finding: every record follows the rules." : "No finding matches these filters."}</p>
      ) : (
        <FindingsTable view={view} studyHref={place.studyHref} study={place.study} />
      )}
    </>
  );
}
