/**
 * What the connection server actions do, given the signed-in user's ID and
 * the submitted form: validate, do one thing, answer with a typed state. The
 * connection ID comes from the form, so it is never trusted: every store call
 * is scoped by the user, and another user's ID gets "no such connection".
 */

import { z } from "zod";
import type { AuditEvent } from "@/lib/audit/audit-events";
import { audited, recordAudit } from "@/lib/audit/record-audit";
import type { Requester } from "@/lib/audit/request-address";
import { partnerBaseUrlAllowlist } from "@/lib/config/env";
import { takeCounted, type WindowLimit } from "@/lib/coordination/limits";
import {
  countConnections,
  createConnection,
  deleteConnection,
  getConnection,
  updateConnection,
} from "@/lib/db/connections";
import type { ClientOptions } from "@/lib/partner-client/client";
import type { Store } from "@/lib/store/store";
import type { PartnerCredentials } from "@/partner-api/credentials";
import { type AllowListAudience, baseUrlAllowed, notAllowedMessage } from "./allowlist";
import { changedFields, testDetails } from "./connection-audit";
import {
  connectionFormSchema,
  FORM_FIELDS,
  type FormState,
  type FormValues,
  MAX_CONNECTIONS_PER_USER,
  NO_SUCH_CONNECTION,
  newConnectionFormSchema,
  type TestState,
  TOO_MANY_CONNECTIONS,
} from "./connection-input";
import { failureOf } from "./failure";
import { openConnection } from "./open-connection";
import { recordRefusedConnection } from "./refused-connection";
import { testConnection } from "./test-connection";
import { connectionTestLimit } from "./test-limit";

/**
 * Who asks, and whether they are an administrator: only an administrator is shown the allow-list (./allowlist.ts).
 * Without a role, a user.
 */
export type FormRequester = Requester & { role?: AllowListAudience };

const noSuchConnection = { ok: false, fieldErrors: {}, message: NO_SUCH_CONNECTION } as const;

function formText(formData: FormData, name: string): string | undefined {
  const value = formData.get(name);
  return typeof value === "string" ? value : undefined;
}

type FormSchema = typeof connectionFormSchema | typeof newConnectionFormSchema;

/**
 * The form's fields, the base URL also checked against the allow-list (schema.ts is shared with the browser, which
 * has no list).
 */
function parseForm(schema: FormSchema, formData: FormData, allowed: readonly string[], who: FormRequester) {
  const message = notAllowedMessage(allowed, who.role ?? "user");
  const baseUrl = schema.shape.baseUrl.refine((url) => baseUrlAllowed(url, allowed), message);
  return schema.extend({ baseUrl }).safeParse(Object.fromEntries(FORM_FIELDS.map((f) => [f, formText(formData, f)])));
}

/** The typed values to show again in a refused form; never the secret. */
function shownAgain(formData: FormData): FormValues {
  const values: FormValues = {};
  for (const f of FORM_FIELDS) if (f !== "clientSecret") values[f] = formText(formData, f) ?? "";
  return values;
}

/** The refused form's answer: per-field messages, and the typed values (never the secret) to show again. */
function refused(error: z.ZodError, formData: FormData): FormState {
  const values = shownAgain(formData);
  const fieldErrors = z.flattenError(error).fieldErrors as Partial<Record<(typeof FORM_FIELDS)[number], string[]>>;
  return { ok: false, fieldErrors, message: "The connection was not saved. Check the fields marked below.", values };
}

/** A changed base URL or client ID with a blank secret field: the secret must be entered again. */
function secretNeededAgain(formData: FormData): FormState {
  const message = "The base URL or client ID changed: enter the client secret for them again.";
  return {
    ok: false,
    fieldErrors: { clientSecret: [message] },
    message: "The connection was not saved.",
    values: shownAgain(formData),
  };
}

/** The refusal of a connection ID this user does not own, recorded. */
async function noSuchConnectionFor(store: Store, who: Requester, id: string) {
  await recordRefusedConnection(store, who, id, "connection_form");
  return noSuchConnection;
}

const record = (store: Store, who: Requester, event: AuditEvent) =>
  recordAudit(store, { ...event, actor: who.userId, address: who.address });

export async function createFromForm(
  store: Store,
  who: FormRequester,
  formData: FormData,
  allowed = partnerBaseUrlAllowlist(),
): Promise<FormState> {
  const parsed = parseForm(newConnectionFormSchema, formData, allowed, who);
  if (!parsed.success) return refused(parsed.error, formData);
  const { clientSecret, ...fields } = parsed.data;
  // Counted in the same transaction as the insert: two forms sent at once cannot both pass the cap.
  const created = await audited(store, async (tx) => {
    if ((await countConnections(tx, who.userId)) >= MAX_CONNECTIONS_PER_USER) return false;
    const c = await createConnection(tx, who.userId, fields, clientSecret);
    const { name, baseUrl, partnerId, clientId, studies } = c;
    const details = { name, baseUrl, partnerId, clientId, studies };
    await record(tx, who, { action: "connection.create", connectionId: c.id, details });
    return true;
  });
  if (created) return { ok: true, message: "Connection added." };
  return { ok: false, fieldErrors: {}, message: TOO_MANY_CONNECTIONS, values: shownAgain(formData) };
}

export async function updateFromForm(
  store: Store,
  who: FormRequester,
  formData: FormData,
  allowed = partnerBaseUrlAllowlist(),
): Promise<FormState> {
  const id = formText(formData, "id") ?? "";
  const stored = await getConnection(store, who.userId, id);
  if (!stored) return noSuchConnectionFor(store, who, id);
  const parsed = parseForm(connectionFormSchema, formData, allowed, who);
  if (!parsed.success) return refused(parsed.error, formData);
  const { clientSecret, ...fields } = parsed.data;
  const newSecret = clientSecret.trim() === "" ? undefined : clientSecret;
  // The stored secret was entered for one service and client: it is never sent to another one.
  const movedTo = fields.baseUrl !== stored.baseUrl || fields.clientId !== stored.clientId;
  if (movedTo && newSecret === undefined) return secretNeededAgain(formData);
  // A blank secret field means "keep the stored secret".
  const updated = await audited(store, async (tx) => {
    const saved = await updateConnection(tx, who.userId, id, fields, newSecret);
    const details = { name: fields.name, fields: changedFields(stored, fields, newSecret) };
    if (saved) await record(tx, who, { action: "connection.update", connectionId: id, details });
    return saved;
  });
  return updated ? { ok: true, message: "Connection saved." } : noSuchConnection;
}

export async function removeFromForm(store: Store, who: Requester, formData: FormData): Promise<FormState> {
  const id = formText(formData, "id") ?? "";
  const removed = await audited(store, async (tx) => {
    const stored = await getConnection(tx, who.userId, id);
    if (!stored || !(await deleteConnection(tx, who.userId, id))) return false;
    const details = { name: stored.name };
    await record(tx, who, { action: "connection.delete", connectionId: id, details });
    return true;
  });
  return removed ? { ok: true, message: "Connection removed." } : noSuchConnectionFor(store, who, id);
}

export async function testFromForm(
  store: Store,
  who: FormRequester,
  formData: FormData,
  opts?: ClientOptions,
  limit: WindowLimit<number> = connectionTestLimit(),
): Promise<TestState> {
  const id = formText(formData, "id") ?? "";
  const found = await openConnection(store, who.userId, id);
  if (!found) return noSuchConnectionFor(store, who, id);
  const tested = (outcome: Parameters<typeof testDetails>[0]) =>
    record(store, who, { action: "connection.test", connectionId: id, details: testDetails(outcome) });
  let creds: PartnerCredentials;
  try {
    creds = found.credentials();
  } catch (err) {
    // Refused before any request: an address the allow-list no longer has, or a secret sealed under another key.
    const unusable = failureOf(err, who.role);
    if (unusable?.kind === "not-allowed" || unusable?.kind === "secret-unreadable") {
      await tested({ unusable });
      return { ok: false, unusable };
    }
    throw err;
  }
  // Not recorded: nothing was tried, and a refusal costs nothing to ask for again and again.
  const waitMs = await takeCounted(limit, who.userId);
  if (waitMs === undefined) return { ok: false, limited: { kind: "tests-not-counted" } };
  if (waitMs > 0) return { ok: false, limited: { kind: "tests-limited" } };
  const report = await testConnection(creds, found.connection.studies, opts);
  await tested({ report });
  return { ok: true, report };
}
