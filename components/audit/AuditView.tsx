/**
 * An audit page's body, shared by the administrators' page and a user's own activity: the notes on ignored
 * filters, the filters, how many entries match, the page of entries and the links to newer and older ones.
 */
import Link from "next/link";
import { type AuditQuery, auditQueryString } from "@/lib/audit/audit-query";
import { type AuditPage, COUNT_LIMIT } from "@/lib/audit/list-entries";
import { AuditEntries, type ConnectionNames } from "./AuditEntries";
import { AuditFilterForm, type UserChoice } from "./AuditFilterForm";
import styles from "./audit.module.css";

interface Props {
  base: string;
  query: AuditQuery;
  page: AuditPage;
  users?: UserChoice[];
  /** The names of the connections the page's entries name, as its reader may see them. */
  names: ConnectionNames;
}

export function AuditView({ base, query, page, users, names }: Props) {
  const link = (cursor: Parameters<typeof auditQueryString>[1]) => `${base}${auditQueryString(query.shown, cursor)}`;
  const matching =
    page.matching > COUNT_LIMIT
      ? `More than ${COUNT_LIMIT.toLocaleString("en-GB")}`
      : page.matching.toLocaleString("en-GB");
  return (
    <>
      {query.notes.map((note) => (
        <p key={note} role="status">
          {note}
        </p>
      ))}
      <AuditFilterForm base={base} shown={query.shown} users={users} />
      <p data-testid="audit-matching">
        {matching} {page.matching === 1 ? "entry matches" : "entries match"}; newest first.
      </p>
      <AuditEntries entries={page.entries} names={names} />
      <nav aria-label="Pages" className={styles.pager}>
        {query.cursor && <Link href={link(undefined)}>Newest</Link>}
        {page.newer !== undefined && <Link href={link({ newer: page.newer })}>← Newer</Link>}
        {page.older !== undefined && <Link href={link({ older: page.older })}>Older →</Link>}
      </nav>
    </>
  );
}
