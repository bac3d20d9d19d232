/**
 * The study drug's exposure as the Medications section shows it and its exports write it (docs/clinical-rules.md,
 * Medications; Exposure per subject): the study's counts as n (%) of the Group's members, and a row per member
 * with a study-drug record. Every count opens its records: the subjects exposed and on drug open the study drug's
 * records in the listing, a subject's records its own, the subjects with a dose change or known days on drug their
 * rows of the table per subject.
 */
import type { PlainTable } from "@/lib/tables/table-def";
import type { DataColumn, DataRow } from "@/lib/tables/types";
import { subjectHref } from "@/sections/frame/addresses";
import type { MedicationsView } from "./load";
import {
  EXPOSURE_PREFIX,
  EXPOSURE_SUMMARY_PREFIX,
  exposureSubjectsHref,
  medicationHref,
  subjectStudyDrugHref,
} from "./query";

const EXPOSURE_COLUMNS: DataColumn[] = [
  { id: "measure", header: "Subjects" },
  { id: "subjects", header: "n", type: "number", href: "subjects_href" },
  { id: "percent", header: "% of N", type: "number" },
  { id: "days", header: "Days on drug: median (min–max)" },
];

/** The study's exposure: subjects exposed, on drug, with a dose change, and the days on drug. */
export function exposureTable(view: MedicationsView, base: string, study: string): PlainTable {
  const { exposed, ongoing, doseChanged, days } = view.exposure;
  const studyDrug = (onDrug: boolean) => medicationHref(base, { ongoing: onDrug, kind: "study-drug" });
  const row = (measure: string, share: { n: number; percent: number | null }, href: string): DataRow => ({
    measure,
    subjects: share.n,
    subjects_href: share.n > 0 ? href : null,
    percent: share.percent,
    days: null,
  });
  const rows = [
    row("Exposed: a study-drug record", exposed, studyDrug(false)),
    row("On drug at the data cut: an open-ended study-drug record", ongoing, studyDrug(true)),
    row("With a dose change", doseChanged, exposureSubjectsHref(base, "doseChanges", ">0")),
    {
      measure: "With a known first dose",
      subjects: days?.n ?? 0,
      subjects_href: days ? exposureSubjectsHref(base, "daysOnDrug", ">0") : null,
      percent: null,
      days: days ? `${days.median} (${days.min}–${days.max})` : null,
    },
  ];
  const n = view.members.toLocaleString("en");
  return {
    caption: `Study drug exposure in study ${study}: n (%) of N = ${n}`,
    columns: EXPOSURE_COLUMNS,
    rows,
    urlPrefix: EXPOSURE_SUMMARY_PREFIX,
  };
}

const SUBJECT_COLUMNS: DataColumn[] = [
  { id: "subject", header: "Subject", href: "subject_href", nowrap: true },
  { id: "firstDose", header: "First dose" },
  { id: "lastDose", header: "Last dose" },
  { id: "ongoing", header: "On drug at the data cut" },
  { id: "daysOnDrug", header: "Days on drug", type: "number" },
  { id: "doseChanges", header: "Dose changes", type: "number" },
  { id: "records", header: "Study-drug records", type: "number", href: "records_href" },
  { id: "undated", header: "Without a start date", type: "number" },
];

/** A row per Group member with a study-drug record; the subject opens its profile, its records count the listing. */
export function exposureSubjectsTable(view: MedicationsView, base: string, studyHref: string): PlainTable {
  const rows: DataRow[] = view.exposure.subjects.map((e) => ({
    subject: e.subjectId,
    subject_href: subjectHref(studyHref, e.subjectId),
    firstDose: e.firstDose ?? "not known",
    lastDose: e.lastDose ?? "not known",
    ongoing: e.ongoing ? "yes" : "no",
    daysOnDrug: e.daysOnDrug,
    doseChanges: e.doseChanges,
    records: e.records,
    records_href: subjectStudyDrugHref(base, e.subjectId),
    undated: e.undated,
  }));
  const n = rows.length.toLocaleString("en");
  return {
    caption: `Study drug exposure per subject (${n} Group members with a study-drug record)`,
    columns: SUBJECT_COLUMNS,
    rows,
    urlPrefix: EXPOSURE_PREFIX,
    countStated: true,
  };
}
