/**
 * What the audit trail records: a closed set of actions, each with its target (connection, study) and the zod
 * schema of its details (docs/audit.md lists them in words). One discriminated union: an action name means one
 * thing, and a caller cannot write details of another action under it. No schema has room for a secret, a
 * password, a token or a partner record's content.
 */
import { z } from "zod";
import { studyNumberSchema } from "@/partner-api/study-number";
import { connectionIdText, count, failureKind, list, sha256Hex, text, userRef } from "./bounded";

const method = z.enum(["password", "oidc"]);

export const SIGN_IN_FAILURES = [
  "invalid_input",
  "unknown_account",
  "wrong_password",
  "no_password",
  "account_disabled",
  "throttled_account",
  "throttled_address",
  "busy",
  "server_error",
  "oidc_unverified_email",
  "oidc_account_conflict",
  "oidc_not_admitted",
] as const;
export type SignInFailure = (typeof SIGN_IN_FAILURES)[number];

/** Who ran a user command: the command line's operator, by the operating-system account it ran under. */
const operator = z.strictObject({ via: z.literal("cli"), osUser: text(64) });
const role = z.enum(["user", "admin"]);
const userChange = { user: userRef, operator };
/** An account is added by the users command, or by a first single sign-on of a verified identity (the user). */
const addedBy = z.union([operator, z.strictObject({ via: z.literal("oidc") })]);

export const CONNECTION_FIELDS = ["name", "baseUrl", "partnerId", "clientId", "clientSecret", "studies"] as const;

export const ACCESS_REFUSALS = [
  "unknown_connection",
  "other_users_connection",
  "study_not_listed",
  "study_forbidden",
  "admin_only",
  "other_users_export",
] as const;

/** What both export entries say of the file handed out: rows (all files' for a pack), size, hash, name, data as of. */
const exportedFile = {
  rows: count,
  bytes: count,
  sha256: sha256Hex,
  fileName: text(200),
  dataAsOf: z.iso.datetime(),
};

const connectionTarget = { connectionId: connectionIdText };
const studyTarget = { connectionId: connectionIdText, study: studyNumberSchema };

const event = <A extends string, D extends z.ZodType, T extends z.ZodRawShape>(action: A, details: D, target: T) =>
  z.object({ action: z.literal(action), details, ...target });

const EVENTS = [
  event("auth.sign_in", z.strictObject({ method }), {}),
  event(
    "auth.sign_in_failed",
    z.strictObject({
      method,
      reason: z.enum(SIGN_IN_FAILURES),
      /** The account the typed e-mail names, when one exists; the typed e-mail itself is never kept. */
      account: z.number().int().positive().nullable(),
      /** Refusals of this kind from this source before this one that had no entry of their own (docs/audit.md). */
      unrecorded: count.optional(),
    }),
    {},
  ),
  event("auth.sign_out", z.strictObject({}), {}),
  event(
    "auth.session_ended",
    z.strictObject({ reason: z.enum(["lifetime", "account_missing", "account_disabled", "sessions_ended"]) }),
    {},
  ),
  event("user.add", z.strictObject({ user: userRef, operator: addedBy, role }), {}),
  event("user.disable", z.strictObject(userChange), {}),
  event("user.enable", z.strictObject(userChange), {}),
  event("user.reset_password", z.strictObject({ ...userChange, generated: z.boolean() }), {}),
  event("user.role", z.strictObject({ ...userChange, from: role, to: role }), {}),
  event(
    "connection.create",
    z.strictObject({
      name: text(100),
      baseUrl: text(500),
      partnerId: text(64),
      clientId: text(200),
      studies: list(studyNumberSchema, 100),
    }),
    connectionTarget,
  ),
  event(
    "connection.update",
    // Which fields changed, never their values: "clientSecret" says a new secret was stored.
    z.strictObject({ name: text(100), fields: list(z.enum(CONNECTION_FIELDS), CONNECTION_FIELDS.length) }),
    connectionTarget,
  ),
  event("connection.delete", z.strictObject({ name: text(100) }), connectionTarget),
  event(
    "connection.test",
    z.strictObject({
      outcome: z.enum(["connected", "not_connected", "unusable"]),
      failure: failureKind.nullable(),
      studies: list(
        z.strictObject({
          study: studyNumberSchema,
          status: z.enum(["accessible", "forbidden", "error"]),
          failure: failureKind.nullable(),
        }),
        100,
      ),
    }),
    connectionTarget,
  ),
  event(
    "study.load",
    z.strictObject({
      kind: z.string().regex(/^[A-Za-z-]{1,40}$/),
      records: count,
      received: count,
      refused: count,
      // From the partner, or the latest kept snapshot; the snapshot's fingerprint (docs/snapshots.md).
      from: z.enum(["partner", "snapshot"]).optional(),
      snapshot: sha256Hex.optional(),
    }),
    studyTarget,
  ),
  // A load from the partner kept as a snapshot (recorded after its study.load): the fingerprint of what it served.
  event(
    "study.keep",
    z.strictObject({ kind: z.string().regex(/^[A-Za-z-]{1,40}$/), snapshot: sha256Hex }),
    studyTarget,
  ),
  // Records marked reviewed, or their marks taken away, in one request (docs/review.md): how many, of which type,
  // and how they were chosen (one record, or every row a table's filters showed); never a record's content or key.
  event(
    "review.mark",
    z.strictObject({
      kind: z.string().regex(/^[A-Za-z-]{1,40}$/),
      mark: z.enum(["reviewed", "unmarked"]),
      records: count,
      chosen: z.enum(["record", "filter"]),
    }),
    studyTarget,
  ),
  // A comment on a record written or withdrawn, or its thread resolved or opened again (docs/review.md, Comments):
  // the record type, the thread's and the comment's numbers in the store; never the comment's words or the record's
  // key.
  event(
    "review.comment",
    z.strictObject({
      kind: z.string().regex(/^[A-Za-z-]{1,40}$/),
      act: z.enum(["comment", "resolve", "reopen", "withdraw"]),
      thread: z.number().int().positive(),
      comment: z.number().int().positive().optional(),
    }),
    studyTarget,
  ),
  // A view saved, shared, made private or deleted (docs/review.md, Saved views): its number in the store and whether
  // it is shared; never its name or address.
  event(
    "review.view",
    z.strictObject({
      act: z.enum(["save", "share", "unshare", "delete"]),
      view: z.number().int().positive(),
      shared: z.boolean().optional(),
    }),
    studyTarget,
  ),
  event(
    "study.refresh",
    z.strictObject({ outcome: z.enum(["dropped", "loading", "refused"]), entries: count }),
    studyTarget,
  ),
  event(
    "export.file",
    z.strictObject({
      view: z.string().regex(/^[a-z0-9][a-z0-9/-]{0,63}$/),
      /** The view's table or chart (lib/export: an ID, with an argument after a dot for a view's several tables). */
      table: z.string().regex(/^[a-z0-9][a-z0-9._-]{0,63}$/i),
      format: z.enum(["csv", "xlsx"]),
      /**
       * The filters, search and sort that made the rows, in words as the file's About sheet has them (at most 32;
       * a subject ID only where one is filtered on).
       */
      filters: list(text(250), 32),
      // The study snapshot the rows are, in words with its fingerprint (docs/snapshots.md).
      snapshot: text(250).optional(),
      ...exportedFile,
    }),
    studyTarget,
  ),
  event(
    "export.pack",
    z.strictObject({
      files: count,
      ...exportedFile,
      // The study snapshot the pack is (docs/snapshots.md, Exports), where the portal kept one.
      snapshot: sha256Hex.optional(),
      snapshotKind: z.enum(["latest", "past"]).optional(),
    }),
    studyTarget,
  ),
  event(
    "snapshots.purge",
    // The identity as the store files it (a hash: lib/study-cache/cache-keys.ts), never its secret.
    z.strictObject({ identity: z.string().regex(/^[0-9a-f]{64}$/), snapshots: count, chunks: count }),
    { study: studyNumberSchema },
  ),
  event(
    "access.refused",
    z.strictObject({
      reason: z.enum(ACCESS_REFUSALS),
      via: z.enum(["study_page", "progress", "refresh", "export", "connection_form", "admin_page", "review"]),
      /** The page refused, for an administrators' page. */
      page: z
        .string()
        .regex(/^\/[a-z/-]{0,63}$/)
        .optional(),
      /**
       * Refusals of this user, reason and via before this one that had no entry of their own (docs/audit.md); absent
       * in entries written before refusals were aggregated.
       */
      unrecorded: count.optional(),
    }),
    { connectionId: connectionIdText.optional(), study: studyNumberSchema.optional() },
  ),
] as const;

export const auditEventSchema = z.discriminatedUnion("action", EVENTS);
/** One event as a caller gives it (before bounding). */
export type AuditEvent = z.input<typeof auditEventSchema>;
export type AuditAction = AuditEvent["action"];
export const AUDIT_ACTIONS: readonly AuditAction[] = EVENTS.map((e) => e.shape.action.value);

/**
 * What recordAudit takes: the event, who did it (a user's ID, or null for an anonymous sign-in attempt and for
 * the command line's operator) and the request's source address when known.
 */
export type AuditInput = AuditEvent & { actor: number | null; address?: string | null };
