/** Small server-rendered parts of the study page: the data time, the error box and the data-quality notes. */
import Link from "next/link";
import type { ReactNode } from "react";
import type { SubjectListView } from "@/lib/study-views/load-subject-list";
import type { ErrorAdvice } from "./error-advice";

const UTC = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "medium", timeZone: "UTC" });

export function DataAsOf({ asOf, children }: { asOf: number; children?: ReactNode }) {
  const iso = new Date(asOf).toISOString();
  return (
    <p>
      Data as of <time dateTime={iso}>{UTC.format(asOf)} UTC</time> {children}
    </p>
  );
}

export function ErrorBox({ advice, children }: { advice: ErrorAdvice; children?: ReactNode }) {
  return (
    <section
      role="alert"
      aria-labelledby="study-error-title"
      style={{ border: "1px solid #b91c1c", padding: "0.75rem 1rem", borderRadius: 4 }}
    >
      <h2 id="study-error-title">{advice.title}</h2>
      <p>{advice.detail}</p>
      <p>
        {advice.settings && <Link href="/settings/connections">Open connection settings</Link>}{" "}
        {advice.retry && children}
      </p>
    </section>
  );
}

// A Map, so that no name (constructor, __proto__) finds an inherited property.
const RECORD_TYPE_NAME = new Map([
  ["Group", "study Group"],
  ["Patient", "Patient"],
  ["AdverseEvent", "AdverseEvent"],
  ["DiagnosticReport", "DiagnosticReport"],
]);
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** Everything that was sent but could not be shown, said plainly, so that nothing goes missing unnoticed. */
export function DataQualityNotes({ view }: { view: SubjectListView }) {
  const notes: string[] = view.rejected.map(
    (r) =>
      `${plural(r.count, "record")} could not be read (${RECORD_TYPE_NAME.get(r.recordType) ?? r.recordType}): ${r.reasons.map((x) => (r.reasons.length > 1 ? `${x.reason} (${x.count})` : x.reason)).join("; ")}.`,
  );
  const { adverseEvents, assessments, members } = view.unmatched;
  if (members)
    notes.push(`${plural(members, "Group member")} could not be read: the member reference names no Patient.`);
  const notOnList = (n: number, what: string) =>
    `${plural(n, what)} ${n === 1 ? "names a subject that is not on this list and is" : "name subjects that are not on this list and are"} not counted.`;
  if (adverseEvents) notes.push(notOnList(adverseEvents, "adverse event"));
  if (assessments) notes.push(notOnList(assessments, "response assessment"));
  const odd = view.rows.filter((r) => r.note !== null).length;
  if (odd)
    notes.push(`${plural(odd, "subject")} on the list ${odd === 1 ? "has" : "have"} a note: see the Note column.`);
  if (notes.length === 0) return null;
  return (
    <section
      aria-labelledby="data-notes-title"
      style={{ background: "#fffbeb", border: "1px solid #f59e0b", padding: "0.5rem 1rem", borderRadius: 4 }}
    >
      <h2 id="data-notes-title" style={{ fontSize: "1rem" }}>
        Data notes
      </h2>
      <ul>
        {notes.map((n) => (
          <li key={n}>{n}</li>
        ))}
      </ul>
    </section>
  );
}
