/**
 * The searchable record types: where each lives, how it is paged and keyed,
 * and how a row becomes a resource. Names, paths and categories come from the
 * contract's table (partner-api/record-types.ts), and each builder must
 * produce its record type's ServedResource.
 */
import { type ObservationCategory, RECORD_TYPE_PATHS, type RecordType } from "@/partner-api/record-types";
import type { ServedResource } from "@/partner-api/resources";
import { adverseEventFullUrl, adverseEventResource } from "./adverse-event";
import type { BuildContext, Resource } from "./build-context";
import { diagnosticReportFullUrl, diagnosticReportResource } from "./diagnostic-report";
import { imagingFullUrl, imagingResource } from "./imaging";
import { labFullUrl, labResource, vitalFullUrl, vitalResource } from "./measurements";
import { medicationFullUrl, medicationResource } from "./medication";
import { patientFullUrl, patientResource } from "./patient";

/** The record types searched through a spec; the Group is built apart (one per study). */
type ServiceRecordType = Exclude<RecordType, "Group">;

export interface RecordTypeSpec {
  /** Path segment after `{api_prefix}/`. */
  path: string;
  category?: ObservationCategory;
  table: string;
  /** Dense per-study paging column; `vis_seq` where some rows are never served. */
  seq: "seq" | "vis_seq";
  /** Column that `_Id` filters on. */
  key: string;
  /** Column that the `id` parameter filters on, where the record type has one. */
  idColumn?: string;
  columns: string;
  /** DiagnosticReport and its lesions exist only for RECIST 1.1 studies. */
  recistOnly?: boolean;
  /** Serialise through a compiled template (record types.compiled.ts): the builder places row values unchanged. */
  compiled?: boolean;
  build(row: never, ctx: BuildContext): Resource;
  fullUrl(row: never, ctx: BuildContext): string;
}

const MEASUREMENT = "id, subject_id, visit, collected_at, issued, practitioner_id, value, value_string, unit";
const CHANGES = "change_previous, change_baseline, change_nadir";

export const RECORD_TYPE_SPECS = {
  AdverseEvent: {
    ...RECORD_TYPE_PATHS.AdverseEvent,
    table: "adverse_events",
    seq: "seq",
    key: "ae_key",
    columns:
      "ae_key, subject_id, seq_no, term, grade, ctcae_version, start_at, end_date, ongoing, " +
      "outcome, causality, verified",
    build: adverseEventResource,
    fullUrl: adverseEventFullUrl,
  },
  DiagnosticReport: {
    ...RECORD_TYPE_PATHS.DiagnosticReport,
    table: "assessments",
    seq: "vis_seq",
    key: "assessment_id",
    recistOnly: true,
    columns:
      "row_id, assessment_id, case_id, subject_id, case_revision, assessment_revision, revision_date, " +
      `name, timepoint, current_value, ${CHANGES}, effective_at, conclusion`,
    build: diagnosticReportResource,
    fullUrl: diagnosticReportFullUrl,
  },
  imaging: {
    ...RECORD_TYPE_PATHS.imaging,
    table: "lesions",
    seq: "vis_seq",
    key: "lesion_id",
    idColumn: "lesion_id",
    recistOnly: true,
    columns:
      "lesion_id, subject_id, organ, category, state, series_number, series_description, instance_number, " +
      `modality, label, ${CHANGES}, effective_at, value, unit`,
    build: imagingResource,
    fullUrl: imagingFullUrl,
  },
  laboratory: {
    ...RECORD_TYPE_PATHS.laboratory,
    table: "lab_results",
    seq: "seq",
    key: "id",
    compiled: true,
    columns: `${MEASUREMENT}, service_code, test_code, reference_range`,
    build: labResource,
    fullUrl: labFullUrl,
  },
  "vital-signs": {
    ...RECORD_TYPE_PATHS["vital-signs"],
    table: "vital_signs",
    seq: "seq",
    key: "id",
    compiled: true,
    columns: `${MEASUREMENT}, service_code, item_type`,
    build: vitalResource,
    fullUrl: vitalFullUrl,
  },
  MedicationStatement: {
    ...RECORD_TYPE_PATHS.MedicationStatement,
    table: "medications",
    seq: "seq",
    key: "id",
    columns:
      "id, subject_id, record_id, source_table, rule_def, drug, start_at, end_at, source_type, dosage_text, " +
      "route, method, dose_value, dose_unit, rate_unit",
    build: medicationResource,
    fullUrl: medicationFullUrl,
  },
  Patient: {
    ...RECORD_TYPE_PATHS.Patient,
    table: "subjects",
    seq: "seq",
    key: "subject_id",
    columns: "subject_id, study_number, subject_study_id, gender, birth_year, race, ethnicity",
    build: patientResource,
    fullUrl: patientFullUrl,
  },
} satisfies { [K in ServiceRecordType]: RecordTypeSpec & { build(row: never, ctx: BuildContext): ServedResource<K> } };

export type RecordTypeName = keyof typeof RECORD_TYPE_SPECS;

const columnLists = new WeakMap<RecordTypeSpec, readonly string[]>();
/** The record type's column names in `columns` order, split once per record type. */
export function columnNames(spec: RecordTypeSpec): readonly string[] {
  let names = columnLists.get(spec);
  if (!names) {
    names = spec.columns.split(", ");
    columnLists.set(spec, names);
  }
  return names;
}
