/** How far each kind of record has loaded; rendered on the server while streaming and by the polling client on Refresh. */
export interface KindCount {
  kind: string;
  loaded: number;
  total: number | null;
}

const KIND_LABEL: Record<string, string> = {
  Group: "Subjects list",
  Patient: "Demographics",
  AdverseEvent: "Adverse events",
  DiagnosticReport: "Response assessments",
};

export function ProgressView({ label, kinds }: { label: string; kinds: readonly KindCount[] }) {
  return (
    <div role="status" aria-live="polite">
      <p>{label}</p>
      <ul>
        {kinds.map((k) => {
          const name = KIND_LABEL[k.kind] ?? k.kind;
          return (
            <li key={k.kind}>
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
