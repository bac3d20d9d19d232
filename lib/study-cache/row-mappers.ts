/**
 * What the cache keeps of each record kind: a mapper from the checked
 * resource to a compact row. A view that needs another kind (laboratory,
 * vital signs...) adds its mapper here; the cache keys entries by kind, so
 * there is one mapper per kind and views share rows. Only what a view asks
 * for is loaded: the subject list never loads laboratory results.
 */
import { adverseEventRecord, assessmentRecord } from "@/lib/clinical/counts";
import { groupMembers, patientDemographics } from "@/lib/clinical/demographics";
import type { Intern } from "@/lib/clinical/fhir";
import { measurementRow } from "@/lib/clinical/measurement-rows";
import type { ResourceOf } from "@/lib/partner-api/resources";
import type { Rejected } from "@/lib/partner-client/client";

export const KIND_MAPPERS = {
  Group: (g: ResourceOf<"Group">) => groupMembers(g),
  Patient: (p: ResourceOf<"Patient">, intern: Intern) => patientDemographics(p, intern),
  AdverseEvent: (ae: ResourceOf<"AdverseEvent">, intern: Intern) => adverseEventRecord(ae, intern),
  DiagnosticReport: (dr: ResourceOf<"DiagnosticReport">, intern: Intern) => assessmentRecord(dr, intern),
  laboratory: (o: ResourceOf<"laboratory">, intern: Intern) => measurementRow(o, intern),
  "vital-signs": (o: ResourceOf<"vital-signs">, intern: Intern) => measurementRow(o, intern),
};

export type StudyKind = keyof typeof KIND_MAPPERS;
export type RowOf<K extends StudyKind> = ReturnType<(typeof KIND_MAPPERS)[K]>;

/** One kind of one study as cached: its rows, and what the schemas refused. */
export interface KindData<R> {
  rows: R[];
  /** Records the service sent, refused ones included. */
  received: number;
  rejected: Rejected;
}

/** The mapper of a kind, typed for a generic caller (TypeScript cannot narrow the lookup by itself). */
export function mapperOf<K extends StudyKind>(kind: K): (r: ResourceOf<K>, intern: Intern) => RowOf<K> {
  return KIND_MAPPERS[kind] as unknown as (r: ResourceOf<K>, intern: Intern) => RowOf<K>;
}
