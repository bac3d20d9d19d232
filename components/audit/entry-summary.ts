/**
 * An audit entry in words, for the audit pages: one sentence per action from its details (docs/audit.md lists
 * them). The details are read defensively: an entry is shown even if it does not have the shape its action has now.
 */
import type { AuditRow } from "@/lib/audit/canonical";

type Details = Record<string, unknown>;

const n = (v: unknown) => (typeof v === "number" ? v.toLocaleString("en-GB") : "?");
const s = (v: unknown) => (typeof v === "string" ? v : "?");
const words = (v: unknown) => s(v).replaceAll("_", " ");
const userOf = (d: Details) => {
  const u = d.user as { id?: unknown; email?: unknown } | undefined;
  return `${s(u?.email)} (user ${n(u?.id)})`;
};
const byOperator = (d: Details) => {
  const o = d.operator as { via?: unknown; osUser?: unknown } | undefined;
  if (o?.via === "oidc") return "by its first single sign-on";
  return `on the command line (operating-system account ${s(o?.osUser)})`;
};
const list = (v: unknown) => (Array.isArray(v) && v.length ? v.map(String).join(", ") : "none");

/** The end of a sampled refusal's sentence: how many like it had no entry of their own (docs/audit.md). */
const moreSuch = (d: Details, whose: string) =>
  typeof d.unrecorded === "number" && d.unrecorded > 0
    ? `; ${n(d.unrecorded)} more such refusals ${whose} since the last entry of it.`
    : ".";

const SENTENCES: Record<string, (d: Details) => string> = {
  "auth.sign_in": (d) => `Signed in (${s(d.method)}).`,
  "auth.sign_in_failed": (d) =>
    `Sign-in refused (${s(d.method)}): ${words(d.reason)}` +
    (typeof d.account === "number" ? `; the e-mail typed is that of user ${d.account}` : "") +
    moreSuch(d, "from this source"),
  "auth.sign_out": () => "Signed out.",
  "auth.session_ended": (d) => `Session ended by the server: ${words(d.reason)}.`,
  "user.add": (d) => `Account ${userOf(d)} added as ${s(d.role)} ${byOperator(d)}.`,
  "user.disable": (d) => `Account ${userOf(d)} disabled ${byOperator(d)}.`,
  "user.enable": (d) => `Account ${userOf(d)} enabled ${byOperator(d)}.`,
  "user.reset_password": (d) =>
    `New password for ${userOf(d)} ${byOperator(d)}${d.generated === true ? " (generated)" : ""}.`,
  "user.role": (d) => `Role of ${userOf(d)} changed from ${s(d.from)} to ${s(d.to)} ${byOperator(d)}.`,
  "connection.create": (d) =>
    `Connection "${s(d.name)}" added: ${s(d.baseUrl)}, partner ${s(d.partnerId)}, client ${s(d.clientId)}, ` +
    `studies ${list(d.studies)}.`,
  "connection.update": (d) => `Connection "${s(d.name)}" saved; changed: ${list(d.fields)}.`,
  "connection.delete": (d) => `Connection "${s(d.name)}" removed.`,
  "connection.test": (d) => {
    if (d.outcome !== "connected") return `Connection tested: ${words(d.outcome)} (${s(d.failure)}).`;
    const studies = Array.isArray(d.studies) ? (d.studies as Details[]) : [];
    const answers = studies.map((x) => `${s(x.study)} ${s(x.status)}`).join(", ");
    return `Connection tested: signed in; ${answers || "no studies"}.`;
  },
  "study.load": (d) =>
    `Loaded ${n(d.records)} ${s(d.kind)} records (${n(d.received)} received, ${n(d.refused)} refused by the checks).`,
  "study.refresh": (d) =>
    d.outcome === "dropped"
      ? `Refresh: ${n(d.entries)} cached record types dropped.`
      : `Refresh: nothing dropped (${s(d.outcome)}).`,
  "export.file": (d) =>
    `Exported ${s(d.view)} (${s(d.table)}) as ${s(d.format).toUpperCase()}: ${n(d.rows)} rows, ${n(d.bytes)} bytes, ` +
    `file ${s(d.fileName)}.`,
  "export.pack": (d) => `Exported the study pack: ${n(d.files)} files, ${n(d.rows)} rows, file ${s(d.fileName)}.`,
  "access.refused": (d) =>
    `Refused (${words(d.via)}${typeof d.page === "string" ? ` ${d.page}` : ""}): ${words(d.reason)}` +
    moreSuch(d, "of this user"),
};

export function entrySummary(row: Pick<AuditRow, "action" | "details">): string {
  let details: Details;
  try {
    details = JSON.parse(row.details) as Details;
  } catch {
    return "Details unreadable (run npm run audit -- verify).";
  }
  // Own keys only: an action named like an Object method finds nothing.
  return Object.hasOwn(SENTENCES, row.action) ? SENTENCES[row.action](details) : `Action ${row.action}.`;
}
