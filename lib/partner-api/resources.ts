/**
 * Zod schemas of the partner responses, derived from the specification. They
 * require only what the portal needs to show a record and let everything
 * else through: a real service may add fields and extensions.
 */
import { z } from "zod";

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

/** The record types the portal loads, with the request that finds them and the schema that checks them. */
export const RECORD_TYPES = {
  AdverseEvent: { path: "AdverseEvent", params: {}, schema: adverseEventSchema },
  DiagnosticReport: { path: "DiagnosticReport", params: {}, schema: diagnosticReportSchema },
  imaging: { path: "observation", params: { category: "imaging" }, schema: observationSchema },
  laboratory: { path: "observation", params: { category: "laboratory" }, schema: measurementSchema },
  "vital-signs": { path: "observation", params: { category: "vital-signs" }, schema: measurementSchema },
  MedicationStatement: { path: "MedicationStatement", params: {}, schema: medicationStatementSchema },
  Patient: { path: "Patient", params: {}, schema: patientSchema },
  Group: { path: "Group", params: {}, schema: groupSchema },
} as const;

export type RecordType = keyof typeof RECORD_TYPES;
export type ResourceOf<K extends RecordType> = z.infer<(typeof RECORD_TYPES)[K]["schema"]>;
