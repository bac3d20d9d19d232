/**
 * What the cache keeps of each record type: a mapper from the checked
 * resource to a compact row. A view that needs another record type (laboratory,
 * vital signs...) adds its mapper here; the cache keys entries by record type, so
 * there is one mapper per record type and views share rows. Only what a view asks
 * for is loaded: the subject list never loads laboratory results.
 */
import { adverseEventRow } from "@/lib/clinical/adverse-events/rows";
import type { Intern } from "@/lib/clinical/common/fhir";
import { measurementRow } from "@/lib/clinical/measurements/rows";
import { medicationRow } from "@/lib/clinical/medications/rows";
import { assessmentRow } from "@/lib/clinical/response/assessments";
import { lesionRow } from "@/lib/clinical/response/lesion-rows";
import { groupMembers, patientDemographics } from "@/lib/clinical/subjects/demographics";
import type { Rejected } from "@/lib/partner-client/checked-records";
import type { ResourceOf } from "@/partner-api/resources";

export const ROW_MAPPERS = {
  Group: (g: ResourceOf<"Group">) => groupMembers(g),
  Patient: (p: ResourceOf<"Patient">, intern: Intern) => patientDemographics(p, intern),
  AdverseEvent: (ae: ResourceOf<"AdverseEvent">, intern: Intern) => adverseEventRow(ae, intern),
  DiagnosticReport: (dr: ResourceOf<"DiagnosticReport">, intern: Intern) => assessmentRow(dr, intern),
  imaging: (o: ResourceOf<"imaging">, intern: Intern) => lesionRow(o, intern),
  laboratory: (o: ResourceOf<"laboratory">, intern: Intern) => measurementRow(o, intern),
  "vital-signs": (o: ResourceOf<"vital-signs">, intern: Intern) => measurementRow(o, intern),
  MedicationStatement: (m: ResourceOf<"MedicationStatement">, intern: Intern) => medicationRow(m, intern),
};

export type CachedRecordType = keyof typeof ROW_MAPPERS;
/** Every record type the cache holds. */
export const CACHED_RECORD_TYPES = Object.keys(ROW_MAPPERS) as CachedRecordType[];
export type RowOf<K extends CachedRecordType> = ReturnType<(typeof ROW_MAPPERS)[K]>;

/** One record type of one study as cached: its rows, and what the schemas refused. */
export interface CachedRows<R> {
  rows: R[];
  /** Records the service sent, refused ones included. */
  received: number;
  rejected: Rejected;
}

/** The mapper of a record type, typed for a generic caller (TypeScript cannot narrow the lookup by itself). */
export function mapperOf<K extends CachedRecordType>(recordType: K): (r: ResourceOf<K>, intern: Intern) => RowOf<K> {
  return ROW_MAPPERS[recordType] as unknown as (r: ResourceOf<K>, intern: Intern) => RowOf<K>;
}
