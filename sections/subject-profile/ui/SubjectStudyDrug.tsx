/**
 * The subject's exposure to the study drug (docs/clinical-rules.md, Exposure per subject): first and last dose,
 * whether it is on drug at the data cut, days on drug, dose changes and its study-drug records (the count opens
 * them in the medications table below), then the dosing periods with their dose and unit and study days.
 */
import Link from "next/link";
import tableStyles from "@/components/data-table/data-table.module.css";
import uiStyles from "@/components/ui/ui.module.css";
import { Convention } from "@/sections/frame/ui/Convention";
import { HowComputed } from "@/sections/frame/ui/HowComputed";
import { plural } from "@/sections/frame/ui/notices";
import { dosePeriodRows } from "../exposure-rows";
import type { SubjectProfile } from "../load";
import { studyDrugRecordsHref } from "../query";

const ANCHOR = "subject-exposure-title";
const NOT_KNOWN = "not known (no study-drug record with a start date)";

export function SubjectStudyDrug({ view, kept }: { view: SubjectProfile; kept: URLSearchParams }) {
  const e = view.exposure;
  return (
    <section aria-labelledby={ANCHOR}>
      <h3 id={ANCHOR}>Study drug exposure</h3>
      <HowComputed gist="dosing periods; days on drug from the first dose to the last, both included">
        <Convention anchor="exposure-per-subject">
          The study drug&apos;s records read as dosing periods: days on drug from the first dose to the last, both
          included, breaks not taken off; a dose change is a period whose drug, dose or unit differs from the one
          before.
        </Convention>
      </HowComputed>
      {e === null ? (
        <p>
          This subject has no study-drug record
          {view.products.length > 0 ? ` (the study drug: ${view.products.join(", ")})` : ""}.
        </p>
      ) : (
        <>
          <dl aria-label="Study drug exposure" className={`${uiStyles.details} ${uiStyles.aligned}`}>
            <Field name="firstDose" label="First dose" value={e.firstDose ?? NOT_KNOWN} />
            <Field name="lastDose" label="Last dose" value={e.lastDose ?? NOT_KNOWN} />
            <Field name="ongoing" label="On drug at the data cut" value={e.ongoing ? "yes" : "no"} />
            <Field name="daysOnDrug" label="Days on drug" value={e.daysOnDrug ?? "not known"} />
            <Field name="doseChanges" label="Dose changes" value={e.doseChanges} />
            <div>
              <dt>Study-drug records</dt>
              <dd data-field="records">
                <Link href={studyDrugRecordsHref(kept)}>{e.records}</Link>
                {e.undated > 0 ? `, ${plural(e.undated, "record")} without a start date, not among the periods` : ""}
              </dd>
            </div>
          </dl>
          <DosePeriods view={view} />
        </>
      )}
    </section>
  );
}

function Field({ name, label, value }: { name: string; label: string; value: string | number }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd data-field={name}>{value}</dd>
    </div>
  );
}

const HEADS = ["Drug", "Dose", "Unit", "Start", "Start day", "End", "End day", "Dose change"];

function DosePeriods({ view }: { view: SubjectProfile }) {
  if (!view.exposure) return null;
  const rows = dosePeriodRows(view.exposure, view.reference?.date ?? null);
  if (rows.length === 0) return null;
  return (
    <div className={tableStyles.wrap}>
      <table className={tableStyles.table}>
        <caption>
          Dosing periods of subject {view.subject.subjectId} ({rows.length})
        </caption>
        <thead>
          <tr>
            {HEADS.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            // A record's id with its days and dose: one row however often a record was sent.
            <tr key={`${r.recordId} ${r.start} ${r.end} ${r.dose}`}>
              <td>{r.drug}</td>
              <td>{r.dose}</td>
              <td>{r.doseUnit}</td>
              <td>{r.start}</td>
              <td>{r.startDay}</td>
              <td>{r.end}</td>
              <td>{r.endDay}</td>
              <td>{r.doseChange ? "yes" : ""}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
