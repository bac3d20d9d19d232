/**
 * Zod schemas of the partner responses, derived from the interface as
 * docs/partner-service.md states it ("Resources"). They require only what the
 * portal needs to show a record and let everything else through: a real service
 * may add fields and extensions.
 *
 * They are the one resource contract: the client parses with them, and the
 * service's builders are typed as ServedResource of their record type, so a
 * builder change that the client could not read fails the type check.
 */
import { z } from "zod";
import { RECORD_TYPE_PATHS, type RecordType } from "./record-types";

export type { RecordType } from "./record-types";

const extension = z.looseObject({ url: z.string() });
const reference = z.looseObject({ reference: z.string() });
const coding = z.looseObject({
  system: z.string().optional(),
  code: z.string().optional(),
  display: z.string().optional(),
});
const codeable = z.looseObject({ coding: z.array(coding).optional(), text: z.string().optional() });
const identifier = z.looseObject({ system: z.string().optional(), value: z.string() });
const quantity = z.looseObject({ value: z.number().optional(), unit: z.string().optional() });

const base = { extension: z.array(extension).optional() };

export const adverseEventSchema = z.looseObject({
  ...base,
  resourceType: z.literal("AdverseEvent"),
  id: z.string().optional(),
  identifier: z.union([identifier, z.array(identifier).min(1)]),
  event: codeable.optional(),
  subject: reference,
  date: z.string().optional(),
  outcome: codeable.optional(),
  suspectEntity: z
    .array(
      z.looseObject({
        causality: z
          .array(z.looseObject({ assessment: codeable.optional(), productRelatedness: z.string().optional() }))
          .optional(),
      }),
    )
    .optional(),
});

export const diagnosticReportSchema = z.looseObject({
  ...base,
  resourceType: z.literal("DiagnosticReport"),
  identifier: z.array(identifier).min(1),
  subject: reference,
  effectiveDateTime: z.string().optional(),
  result: z.array(z.looseObject({ reference: z.string().optional(), display: z.string().optional() })).optional(),
  conclusion: z.string().optional(),
});

export const observationSchema = z.looseObject({
  ...base,
  resourceType: z.literal("Observation"),
  id: z.string().optional(),
  identifier: z.array(identifier).optional(),
  code: codeable.optional(),
  subject: reference,
  encounter: z.looseObject({ display: z.string().optional() }).optional(),
  effectiveDateTime: z.string().optional(),
  issued: z.string().optional(),
  valueQuantity: quantity.optional(),
  valueString: z.string().optional(),
  referenceRange: z.array(z.looseObject({ text: z.string().optional() })).optional(),
});

/**
 * Laboratory and vital-sign Observations come a million to a study; their
 * schema checks only what their rows use. Its objects drop the fields they do
 * not name instead of copying them (zod's compiled fast path, no catchall):
 * unknown fields and extensions are still tolerated, and validation costs a
 * fraction of a loose schema's per page.
 */
export const measurementSchema = z.object({
  resourceType: z.literal("Observation"),
  id: z.string().optional(),
  identifier: z.array(z.object({ value: z.string() })).optional(),
  code: z
    .object({
      coding: z.array(z.object({ code: z.string().optional(), display: z.string().optional() })).optional(),
      text: z.string().optional(),
    })
    .optional(),
  subject: z.object({ reference: z.string() }),
  encounter: z.object({ display: z.string().optional() }).optional(),
  effectiveDateTime: z.string().optional(),
  valueQuantity: z.object({ value: z.number().optional(), unit: z.string().optional() }).optional(),
  valueString: z.string().optional(),
  referenceRange: z.array(z.object({ text: z.string().optional() })).optional(),
});

export const medicationStatementSchema = z.looseObject({
  ...base,
  resourceType: z.literal("MedicationStatement"),
  id: z.string(),
  medicationCodeableConcept: codeable.optional(),
  subject: reference,
  effectivePeriod: z.looseObject({ start: z.string().optional(), end: z.string().optional() }).optional(),
  note: z.array(z.looseObject({ text: z.string().optional() })).optional(),
  dosage: z.array(z.looseObject({}).catchall(z.unknown())).optional(),
});

export const patientSchema = z.looseObject({
  ...base,
  resourceType: z.literal("Patient"),
  id: z.string(),
  identifier: z.array(identifier).optional(),
  gender: z.string().optional(),
  birthDate: z.string().optional(),
});

export const groupSchema = z.looseObject({
  resourceType: z.literal("Group"),
  identifier: z.array(identifier).optional(),
  member: z.array(z.looseObject({ entity: reference })).optional(),
});

/**
 * A search page: only what paging reads is kept. Entries are checked one by
 * one with their resource's schema (lib/partner-client/client.ts), so that a
 * bad entry is one refused record, not a refused page.
 */
export const bundleSchema = z.object({
  resourceType: z.literal("Bundle"),
  total: z.number().int().nonnegative().optional(),
  link: z.array(z.object({ relation: z.string(), url: z.string() })).optional(),
  entry: z.array(z.unknown()).optional(),
});

export const tokenResponseSchema = z.looseObject({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: z.coerce.number().positive().optional(),
});

export type AdverseEventResource = z.infer<typeof adverseEventSchema>;
export type DiagnosticReportResource = z.infer<typeof diagnosticReportSchema>;
export type ObservationResource = z.infer<typeof observationSchema>;
export type MeasurementResource = z.infer<typeof measurementSchema>;
export type MedicationStatementResource = z.infer<typeof medicationStatementSchema>;
export type PatientResource = z.infer<typeof patientSchema>;
export type GroupResource = z.infer<typeof groupSchema>;
export type Bundle = z.infer<typeof bundleSchema>;
export type Extension = z.infer<typeof extension>;

const SCHEMAS = {
  AdverseEvent: adverseEventSchema,
  DiagnosticReport: diagnosticReportSchema,
  imaging: observationSchema,
  laboratory: measurementSchema,
  "vital-signs": measurementSchema,
  MedicationStatement: medicationStatementSchema,
  Patient: patientSchema,
  Group: groupSchema,
} as const satisfies Record<RecordType, z.ZodType>;

interface RecordTypeRequest<S> {
  /** Path segment after `{api_prefix}/`. */
  path: string;
  /** Query parameters besides researchstudy and paging (the observation category). */
  params: Readonly<Record<string, string>>;
  schema: S;
}

/** The record types the portal loads, with the request that finds them and the schema that checks them. */
export const RECORD_TYPES = Object.fromEntries(
  Object.entries(RECORD_TYPE_PATHS).map(([name, where]) => {
    const params = "category" in where ? { category: where.category } : {};
    return [name, { path: where.path, params, schema: SCHEMAS[name as RecordType] }];
  }),
) as { [K in RecordType]: RecordTypeRequest<(typeof SCHEMAS)[K]> };

export type ResourceOf<K extends RecordType> = z.infer<(typeof RECORD_TYPES)[K]["schema"]>;

/** A JSON shape and any further fields, at every level: the schemas ignore the fields they do not name. */
type WithExtraFields<T> = T extends readonly (infer U)[]
  ? WithExtraFields<U>[]
  : T extends object
    ? { [P in keyof T]: WithExtraFields<T[P]> } & { [field: string]: unknown }
    : T;

/** What a service may send as a record of type K: whatever its schema accepts, with any further fields. */
export type ServedResource<K extends RecordType> = WithExtraFields<z.input<(typeof SCHEMAS)[K]>>;
