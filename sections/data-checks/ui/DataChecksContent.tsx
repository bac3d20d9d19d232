/**
 * The data-checks section's content (a server component): what the checks are, the findings per rule of the rules
 * that apply (those that do not named in one line), then the findings the URL's filters keep, each record linked,
 * with their CSV.
 */

import { utcDateTimeWords } from "@/lib/clinical/common/date-time";
import type { SectionPlace } from "@/sections/frame/section-place";
import { Convention } from "@/sections/frame/ui/Convention";
import { HowComputed } from "@/sections/frame/ui/HowComputed";
import { plural } from "@/sections/frame/ui/notices";
import type { ReviewedChecksView } from "../finding-review";
import { FINDINGS_ANCHOR } from "../query";
import { notApplyingLine } from "../tables";
import { FindingsFilter } from "./FindingsFilter";
import { FindingsTable } from "./FindingsTable";
import { RuleCounts } from "./RuleCounts";

export function DataChecksContent({ view, place }: { view: ReviewedChecksView; place: SectionPlace }) {
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
        <p>
          <strong>Your review</strong> of a finding: new since your last review (the time of your latest mark of a
          record in the study) when it was first found in data loaded after it, found before your last review, or not
          known (found at your organisation&apos;s first check of the study, after your last review: it may have been in
          the data you reviewed). <strong>First found</strong>: the time of the data it was first found in, the
          study&apos;s kept snapshots checked in turn; &quot;or earlier&quot; for the findings of the oldest snapshot
          checked. <strong>Comments</strong>: your organisation&apos;s threads on the records it names.
        </p>
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
      {view.review ? <LastReviewLine lastReview={view.review.lastReview} /> : null}
      {view.findings.length === 0 ? (
        <p>{view.total === 0 ? "No finding: every record follows the rules." : "No finding matches these filters."}</p>
      ) : (
        <FindingsTable view={view} studyHref={place.studyHref} study={place.study} />
      )}
    </>
  );
}

/** Where "new since your last review" starts. */
function LastReviewLine({ lastReview }: { lastReview: string | null }) {
  return (
    <p>
      {lastReview === null
        ? "You have marked no record of this study reviewed yet: every finding is new to you."
        : `Your last review: ${utcDateTimeWords(lastReview)} UTC. Findings first found in data loaded since are new.`}
    </p>
  );
}
