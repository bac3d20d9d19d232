/**
 * The record types of the partner API, declared once: their names, the path
 * each is searched at below `{api_prefix}` and, for Observations, the
 * category (docs/partner-service.md, Endpoints). The service's
 * RECORD_TYPE_SPECS and the client's RECORD_TYPES (which adds each one's
 * schema, resources.ts) are both built on this table.
 */
export const OBSERVATION_CATEGORIES = ["imaging", "laboratory", "vital-signs"] as const;
export type ObservationCategory = (typeof OBSERVATION_CATEGORIES)[number];

export const RECORD_TYPE_PATHS = {
  AdverseEvent: { path: "AdverseEvent" },
  DiagnosticReport: { path: "DiagnosticReport" },
  imaging: { path: "observation", category: "imaging" },
  laboratory: { path: "observation", category: "laboratory" },
  "vital-signs": { path: "observation", category: "vital-signs" },
  MedicationStatement: { path: "MedicationStatement" },
  Patient: { path: "Patient" },
  Group: { path: "Group" },
} as const satisfies Record<string, { path: string; category?: ObservationCategory }>;

export type RecordType = keyof typeof RECORD_TYPE_PATHS;
