/**
 * What the audit trail says of a connection change or test (docs/audit.md): the fields a save changed, by name
 * only ("clientSecret" when a new secret was stored, never its value), and a test's outcome as failure kinds.
 */
import type { AuditEvent } from "@/lib/audit/audit-events";
import type { Connection, ConnectionFields } from "@/lib/db/connections";
import type { ConnectionTestReport } from "./connection-input";
import type { ConnectionUnusable } from "./failure";

type DetailsOf<A extends AuditEvent["action"]> = Extract<AuditEvent, { action: A }>["details"];
type Field = DetailsOf<"connection.update">["fields"][number];

const sameStudies = (a: string[], b: string[]) => a.length === b.length && a.every((s, i) => s === b[i]);

/** The fields a save changes, in the form's order. */
export function changedFields(stored: Connection, next: ConnectionFields, newSecret: string | undefined): Field[] {
  const changed: Field[] = [];
  for (const f of ["name", "baseUrl", "partnerId", "clientId"] as const) if (stored[f] !== next[f]) changed.push(f);
  if (newSecret !== undefined) changed.push("clientSecret");
  if (!sameStudies(stored.studies, next.studies)) changed.push("studies");
  return changed;
}

/** A test's entry: each study's answer, or why there was none. */
export function testDetails(
  outcome: { report: ConnectionTestReport } | { unusable: ConnectionUnusable },
): DetailsOf<"connection.test"> {
  if ("unusable" in outcome) return { outcome: "unusable", failure: outcome.unusable.kind, studies: [] };
  const { report } = outcome;
  if (!report.connected) return { outcome: "not_connected", failure: report.failure.kind, studies: [] };
  return {
    outcome: "connected",
    failure: null,
    studies: report.studies.map((s) =>
      s.status === "accessible"
        ? { study: s.study, status: s.status, failure: null }
        : { study: s.study, status: s.status, failure: s.failure.kind },
    ),
  };
}
