/**
 * A subject's summary under its identifiers (docs/clinical-rules.md, The subject's summary): age at the first dose
 * (approximate, and how it is worked out), site, study-drug status, first dose, best overall response recomputed
 * (and as signed beside it when they differ), and its data-check findings, which open them.
 */
import Link from "next/link";
import uiStyles from "@/components/ui/ui.module.css";
import { RESPONSE_LABEL, type Response } from "@/lib/clinical/response/timepoint";
import { subjectFindingsHref } from "@/sections/frame/addresses";
import { plural } from "@/sections/frame/ui/notices";
import type { SubjectBor, SubjectFacts } from "../subject-facts";

interface Props {
  subjectId: string;
  birthYear: number | null;
  facts: SubjectFacts;
  studyHref: string;
}

const responseWords = (r: Response) => (RESPONSE_LABEL[r] === r ? r : `${RESPONSE_LABEL[r]} (${r})`);

function borWords(bor: SubjectBor): string {
  if (!bor.evaluable) return `Not evaluable: ${bor.why}`;
  if (bor.recomputed === bor.signed) return `${responseWords(bor.recomputed)}, recomputed and as signed alike`;
  return `${responseWords(bor.recomputed)} recomputed; ${responseWords(bor.signed)} as signed (they differ)`;
}

function ageWords(age: number | null, birthYear: number | null, firstDose: string | null): string {
  if (age === null) return birthYear === null ? "Not known: no birth year" : "Not known: no dated study-drug record";
  return `About ${age} (year of the first dose ${firstDose?.slice(0, 4)} − birth year ${birthYear}; may be one over)`;
}

export function SubjectSummary({ subjectId, birthYear, facts, studyHref }: Props) {
  const { age, site, status, firstDose, response, findings } = facts;
  return (
    <dl aria-label="Subject summary" className={`${uiStyles.details} ${uiStyles.aligned}`}>
      <div>
        <dt>Age at first dose</dt>
        <dd data-field="age">{ageWords(age, birthYear, firstDose)}</dd>
      </div>
      <div>
        <dt>Site</dt>
        <dd data-field="site">{site ?? "Not told: the subject ID is not numbered <site>-<number>"}</dd>
      </div>
      <div>
        <dt>Status</dt>
        <dd data-field="status">{status}</dd>
      </div>
      <div>
        <dt>First dose</dt>
        <dd data-field="firstDose">{firstDose ?? "No dated study-drug record"}</dd>
      </div>
      {response ? (
        <div>
          <dt>Best overall response</dt>
          <dd data-field="bor">{borWords(response)}</dd>
        </div>
      ) : null}
      {findings === null ? null : (
        <div>
          <dt>Data-check findings</dt>
          <dd data-field="findings">
            {findings > 0 ? (
              <Link href={subjectFindingsHref(studyHref, subjectId)}>{plural(findings, "finding")}</Link>
            ) : (
              "None"
            )}
          </dd>
        </div>
      )}
    </dl>
  );
}
