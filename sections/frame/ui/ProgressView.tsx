/** How far each record type has loaded; rendered on the server while streaming and by the polling client on Refresh. */
import { recordTypeLabel } from "../record-type-labels";

export interface RecordTypeCount {
  recordType: string;
  loaded: number;
  total: number | null;
}

export function ProgressView({ label, recordTypes }: { label: string; recordTypes: readonly RecordTypeCount[] }) {
  return (
    <div role="status" aria-live="polite">
      <p>{label}</p>
      <ul>
        {recordTypes.map((k) => {
          const name = recordTypeLabel(k.recordType);
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
