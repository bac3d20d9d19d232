/**
 * What the audit trail records of a user's study (docs/audit.md): each load their request started, once it has all
 * its records (record type and counts; never a record's content), each Refresh with what it did, and the refusals:
 * a study not on the connection's list, or one the partner does not grant (once per opened study).
 */
import type { AuditEvent } from "@/lib/audit/audit-events";
import { recordAudit } from "@/lib/audit/record-audit";
import { recordAccessRefusal } from "@/lib/audit/record-refusal";
import { PartnerError } from "@/lib/partner-client/errors";
import { portalStore } from "@/lib/store/portal-store";
import type { CompletedLoad, RefreshOutcome } from "@/lib/study-cache/study-cache";
import type { KeptLoad } from "@/lib/study-cache/study-cache-types";
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

const record = async (c: StudyAuditContext, event: AuditEvent) => {
  await recordAudit(await portalStore(), { ...event, actor: c.userId, address: c.address });
};

const target = (c: StudyAuditContext) => ({ connectionId: c.connectionId, study: c.study });

export async function recordLoad(c: StudyAuditContext, load: CompletedLoad): Promise<void> {
  const { recordType: kind, records, received, refused, from, snapshot } = load;
  const details = { kind, records, received, refused, from, ...(snapshot ? { snapshot } : {}) };
  await record(c, { action: "study.load", ...target(c), details });
}

/**
 * A load from the partner kept as a snapshot: its fingerprint, after the load's own entry. Written beside the rows
 * being served, so a store that fails here is said on stderr (KeptSnapshots) and fails no view.
 */
export async function recordKept(c: StudyAuditContext, kept: KeptLoad): Promise<void> {
  await record(c, { action: "study.keep", ...target(c), details: { kind: kept.recordType, snapshot: kept.snapshot } });
}

/** Records marked reviewed or unmarked in one request: how many of which type, chosen how (docs/review.md). */
export async function recordReviewMark(
  c: StudyAuditContext,
  marked: { kind: string; mark: "reviewed" | "unmarked"; records: number },
  chosen: "record" | "filter",
): Promise<void> {
  await record(c, { action: "review.mark", ...target(c), details: { ...marked, chosen } });
}

/** A comment written on a record or withdrawn, or its thread resolved or opened again (docs/review.md, Comments). */
export async function recordReviewComment(
  c: StudyAuditContext,
  comment: { kind: string; act: "comment" | "resolve" | "reopen" | "withdraw"; thread: number; comment?: number },
): Promise<void> {
  await record(c, { action: "review.comment", ...target(c), details: comment });
}

/** A view saved, shared, made private or deleted (docs/review.md, Saved views). */
export async function recordReviewView(
  c: StudyAuditContext,
  view: { act: "save" | "share" | "unshare" | "delete"; view: number; shared?: boolean },
): Promise<void> {
  await record(c, { action: "review.view", ...target(c), details: view });
}

export async function recordRefresh(c: StudyAuditContext, outcome: RefreshOutcome): Promise<void> {
  const entries = outcome.status === "dropped" ? outcome.entries : 0;
  await record(c, { action: "study.refresh", ...target(c), details: { outcome: outcome.status, entries } });
}

/** Aggregated per user, reason, via and minute (lib/audit/record-refusal.ts); never throws at the request. */
export async function recordStudyRefused(
  c: StudyAuditContext,
  reason: "study_not_listed" | "study_forbidden",
): Promise<void> {
  const refusal = { actor: c.userId, address: c.address, reason, via: c.via, ...target(c) };
  await portalStore().then(
    (store) => recordAccessRefusal(store, refusal),
    () => console.error("audit: a refused access could not be recorded (the portal store could not be opened)."),
  );
}

/** rows() that records the partner's refusal of the study, once however many record types are asked for. */
export function recordingForbidden(c: StudyAuditContext, data: StudyData): StudyData {
  // Every refused rows() waits for the one entry, so that none answers before it is written.
  let recording: Promise<void> | undefined;
  return {
    rows: (recordType) =>
      data.rows(recordType).catch(async (err: unknown) => {
        if (err instanceof PartnerError && err.kind === "forbidden") {
          recording ??= recordStudyRefused(c, "study_forbidden");
          await recording;
        }
        throw err;
      }),
  };
}
