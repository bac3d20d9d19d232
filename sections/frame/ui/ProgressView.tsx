/** How far each record type has loaded; rendered on the server while streaming and by the polling client on Refresh. */
export interface RecordTypeCount {
  recordType: string;
  loaded: number;
  total: number | null;
}

// A Map, so that no name (constructor, __proto__) finds an inherited property.
const RECORD_TYPE_LABEL = new Map([
  ["Group", "Subjects list"],
  ["Patient", "Demographics"],
  ["AdverseEvent", "Adverse events"],
  ["DiagnosticReport", "Response assessments"],
  ["laboratory", "Laboratory results"],
  ["vital-signs", "Vital signs"],
  ["MedicationStatement", "Medications"],
  ["imaging", "Lesion measurements"],
]);

export function ProgressView({ label, recordTypes }: { label: string; recordTypes: readonly RecordTypeCount[] }) {
  return (
    <div role="status" aria-live="polite">
      <p>{label}</p>
      <ul>
        {recordTypes.map((k) => {
          const name = RECORD_TYPE_LABEL.get(k.recordType) ?? k.recordType;
          return (
            <li key={k.recordType}>
              {name}: {k.loaded.toLocaleString("en")}
              {k.total === null ? "" : ` of ${k.total.toLocaleString("en")}`} records{" "}
              {k.total ? <progress max={k.total} value={k.loaded} aria-label={`${name} loaded`} /> : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
