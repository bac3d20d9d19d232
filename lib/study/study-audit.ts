/**
 * What the audit trail records of a user's study (docs/audit.md): each load their request started, once it has all
 * its records (record type and counts; never a record's content), each Refresh with what it did, and the refusals:
 * a study not on the connection's list, or one the partner does not grant (once per opened study).
 */
import type { AuditEvent } from "@/lib/audit/audit-events";
import { recordAudit } from "@/lib/audit/record-audit";
import { recordAccessRefusal } from "@/lib/audit/record-refusal";
import { portalDb } from "@/lib/db/portal-db";
import { PartnerError } from "@/lib/partner-client/errors";
import type { CompletedLoad, RefreshOutcome } from "@/lib/study-cache/study-cache";
import type { StudyData } from "./study-rows";

type Via = Extract<AuditEvent, { action: "access.refused" }>["details"]["via"];

/** The request a study is opened for, as the trail names it: where it came from and through what. */
export interface StudyRequest {
  address: string | null;
  via: Via;
}

/** Who opened which study of which connection, from where. */
export interface StudyAuditContext extends StudyRequest {
  userId: number;
  connectionId: string;
  study: string;
}

const record = (c: StudyAuditContext, event: AuditEvent) =>
  recordAudit(portalDb(), { ...event, actor: c.userId, address: c.address });

const target = (c: StudyAuditContext) => ({ connectionId: c.connectionId, study: c.study });

export function recordLoad(c: StudyAuditContext, load: CompletedLoad): void {
  const { recordType: kind, records, received, refused } = load;
  record(c, { action: "study.load", ...target(c), details: { kind, records, received, refused } });
}

export function recordRefresh(c: StudyAuditContext, outcome: RefreshOutcome): void {
  const entries = outcome.status === "dropped" ? outcome.entries : 0;
  record(c, { action: "study.refresh", ...target(c), details: { outcome: outcome.status, entries } });
}

/** Aggregated per user, reason, via and minute (lib/audit/record-refusal.ts); never throws at the request. */
export function recordStudyRefused(c: StudyAuditContext, reason: "study_not_listed" | "study_forbidden"): void {
  recordAccessRefusal(portalDb(), { actor: c.userId, address: c.address, reason, via: c.via, ...target(c) });
}

/** rows() that records the partner's refusal of the study, once however many record types are asked for. */
export function recordingForbidden(c: StudyAuditContext, data: StudyData): StudyData {
  let recorded = false;
  return {
    rows: (recordType) =>
      data.rows(recordType).catch((err: unknown) => {
        if (!recorded && err instanceof PartnerError && err.kind === "forbidden") {
          recorded = true;
          recordStudyRefused(c, "study_forbidden");
        }
        throw err;
      }),
  };
}
