/** Small server-rendered parts of a study section: the data time, the error box and the data-quality notes. */
import Link from "next/link";
import type { ReactNode } from "react";
import type { ErrorAdvice } from "@/components/feedback/error-advice";
import { MESSAGE_CLASS } from "@/components/feedback/message-class";
import { utcDateTimeWords } from "@/lib/clinical/common/date-time";
import type { RecordTypeLoad, RejectedOfType } from "@/lib/study/section-data";
import { recordTypeLabel } from "../record-type-labels";
import styles from "./study.module.css";

/** Loads further apart than this are of different times: the page names the older record types. */
export const LOADED_TOGETHER_MS = 120_000;

export function When({ at }: { at: number }) {
  return <time dateTime={new Date(at).toISOString()}>{utcDateTimeWords(at)} UTC</time>;
}

/**
 * The one data time of a page: its oldest load. Where the record types it shows were loaded at different times
 * (one kept in memory from an earlier load, others loaded since), the older ones are named, with what brings them
 * together.
 */
export function DataAsOf({ asOf, loads = [] }: { asOf: number; loads?: readonly RecordTypeLoad[] }) {
  const newest = Math.max(asOf, ...loads.map((l) => l.loadedAt));
  const older = loads.filter((l) => newest - l.loadedAt > LOADED_TOGETHER_MS).sort((a, b) => a.loadedAt - b.loadedAt);
  return (
    <>
      <p>
        Data as of <When at={asOf} />
      </p>
      {older.length > 0 ? (
        <p>
          Older than the rest (as of <When at={newest} />
          ):{" "}
          {older.map((l, i) => (
            <span key={l.recordType}>
              {i > 0 ? "; " : ""}
              {recordTypeLabel(l.recordType)} as of <When at={l.loadedAt} />
            </span>
          ))}
          . Refresh loads them all again together.
        </p>
      ) : null}
    </>
  );
}

export function ErrorBox({ advice, children }: { advice: ErrorAdvice; children?: ReactNode }) {
  return (
    <section role="alert" aria-labelledby="study-error-title" className={MESSAGE_CLASS.error}>
      <h3 id="study-error-title">{advice.title}</h3>
      <p>{advice.detail}</p>
      <div>
        {advice.settings && <Link href="/settings/connections">Open connection settings</Link>}{" "}
        {advice.retry && children}
      </div>
    </section>
  );
}

// A Map, so that no name (constructor, __proto__) finds an inherited property.
const RECORD_TYPE_NAME = new Map([
  ["Group", "study Group"],
  ["Patient", "Patient"],
  ["AdverseEvent", "AdverseEvent"],
  ["DiagnosticReport", "DiagnosticReport"],
  ["laboratory", "laboratory Observation"],
  ["vital-signs", "vital-signs Observation"],
  ["MedicationStatement", "MedicationStatement"],
  ["imaging", "imaging Observation"],
]);
/** "1 event", "17,102 events": a count with thousands separators, as the tables write them, and its noun. */
export const plural = (n: number, word: string) => `${n.toLocaleString("en")} ${word}${n === 1 ? "" : "s"}`;

/** Part of a data note: words, or words (a count) that open the listing of exactly the records they count. */
export type NotePart = string | { text: string; href: string };
/** A data note: plain words, or parts of which some link to their records (where a listing can show them). */
export type DataNote = string | readonly NotePart[];

/** A note whose counted words lead to `href`, or plain words when there is no listing (`href` null). */
export function linkedNote(link: string, href: string | null, after: string, before = ""): DataNote {
  return href === null ? `${before}${link}${after}` : [before, { text: link, href }, after].filter((p) => p !== "");
}

/** A note's words, without its links. */
export const noteText = (note: DataNote): string =>
  typeof note === "string" ? note : note.map((p) => (typeof p === "string" ? p : p.text)).join("");

/**
 * Everything that was sent but could not be shown, said plainly, so that nothing goes missing unnoticed: the
 * records the schemas refused (every section has them), then the section's own notes (e.g. subjectListNotes).
 */
export function DataQualityNotes({
  rejected,
  notes: sectionNotes = [],
}: {
  rejected: readonly RejectedOfType[];
  notes?: readonly DataNote[];
}) {
  const notes: DataNote[] = rejected.map((r) => {
    const name = RECORD_TYPE_NAME.get(r.recordType) ?? r.recordType;
    const reasons = r.reasons.map((x) => (r.reasons.length > 1 ? `${x.reason} (${x.count})` : x.reason)).join("; ");
    return `${plural(r.count, "record")} could not be read (${name}): ${reasons}.`;
  });
  notes.push(...sectionNotes);
  if (notes.length === 0) return null;
  return (
    <section aria-labelledby="data-notes-title" className={`${MESSAGE_CLASS.note} ${styles.notes}`}>
      <h3 id="data-notes-title" className={styles.notesTitle}>
        Data notes
      </h3>
      <ul>
        {notes.map((n) => (
          <li key={noteText(n)}>
            {typeof n === "string"
              ? n
              : n.map((p) =>
                  typeof p === "string" ? (
                    p
                  ) : (
                    <Link key={p.href} href={p.href}>
                      {p.text}
                    </Link>
                  ),
                )}
          </li>
        ))}
      </ul>
    </section>
  );
}
