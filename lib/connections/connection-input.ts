/**
 * What a partner connection consists of, as the settings form sends it and
 * the store keeps it, and the typed answers of the connection actions. Only
 * zod, lib/http/url.ts and types: safe to import from client components.
 */
import { z } from "zod";
import { withoutTrailingSlash } from "@/lib/http/url";
import { STUDY_NUMBER } from "@/partner-api/study-number";
import type { ConnectionUnusable, Failure, TestsLimited } from "./failure";

const text = (label: string, max: number) =>
  z.string().trim().min(1, `Enter the ${label}.`).max(max, `The ${label} has at most ${max} characters.`);

function baseUrlProblem(value: string): string | undefined {
  if (!value) return "Enter the base URL of the partner service.";
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (!url || !/^https?:$/.test(url.protocol))
    return "Enter the address of the partner service, starting with https:// (or http://).";
  if (url.username || url.password) return "The base URL must not contain a user name or password.";
  if (/[?#]/.test(value)) return "The base URL is only the address, without ? or #.";
  return undefined;
}

const baseUrl = z
  .string()
  .trim()
  .max(500, "The base URL has at most 500 characters.")
  .transform((value, ctx) => {
    const problem = baseUrlProblem(value);
    if (problem) {
      ctx.addIssue({ code: "custom", message: problem });
      return z.NEVER;
    }
    return withoutTrailingSlash(value);
  });

const studyNumbers = z
  .array(
    z
      .string()
      .regex(
        STUDY_NUMBER,
        "Study numbers have letters, digits, -, _ and . only (e.g. ONC-101), separated by commas or spaces.",
      ),
  )
  .min(1, "Enter at least one study number.")
  .max(100, "A connection has at most 100 study numbers.");

/** Study numbers as typed: separated by commas, semicolons or white space; duplicates dropped. */
export const studyListSchema = z
  .string()
  .transform((s) => [...new Set(s.split(/[\s,;]+/).filter(Boolean))])
  .pipe(studyNumbers);

const fields = {
  name: text("connection name", 100),
  baseUrl,
  partnerId: text("partner ID", 64).regex(/^[A-Za-z0-9_.-]+$/, "The partner ID has letters, digits, -, _ and . only."),
  clientId: text("client ID", 200),
  studies: studyNumbers,
};
const secret = z.string().max(1000, "The client secret has at most 1000 characters.");
const requiredSecret = secret.refine((s) => s.trim() !== "", "Enter the client secret.");

/** A new connection: everything, the secret included. */
export const connectionInputSchema = z.object({ ...fields, clientSecret: requiredSecret });
/** A change: the secret is replaced only when one is given. */
export const connectionUpdateSchema = z.object({ ...fields, clientSecret: secret.optional() });

export type ConnectionInput = z.infer<typeof connectionInputSchema>;
export type ConnectionUpdate = z.infer<typeof connectionUpdateSchema>;

/** The edit form as submitted (every value a string; studies as typed); a blank secret keeps the stored one. */
export const connectionFormSchema = z.object({ ...fields, studies: studyListSchema, clientSecret: secret.default("") });
/** The form for a new connection, where the secret is required. */
export const newConnectionFormSchema = connectionFormSchema.extend({ clientSecret: requiredSecret });

export const FORM_FIELDS = ["name", "baseUrl", "partnerId", "clientId", "clientSecret", "studies"] as const;
export type FormField = (typeof FORM_FIELDS)[number];
/** What the form shows again after a refused submission; never the secret. */
export type FormValues = Partial<Record<Exclude<FormField, "clientSecret">, string>>;

export type FormState =
  | { ok: true; message?: string }
  | { ok: false; fieldErrors: Partial<Record<FormField, string[]>>; message: string; values?: FormValues };

/** One study's answer to "Test connection": its subject count, or the facts of the failure (the page words them). */
export type StudyCheck =
  | { study: string; status: "accessible"; subjects: number }
  | { study: string; status: "forbidden" | "error"; failure: Failure };

/** The outcome of "Test connection": either the token failed, or each study's answer. */
export type ConnectionTestReport =
  | { connected: false; failure: Failure; studies: [] }
  | { connected: true; studies: StudyCheck[] };

export type TestState =
  | { ok: true; report: ConnectionTestReport }
  /** Refused before any request: the stored address is off the allow-list, or the secret cannot be read. */
  | { ok: false; unusable: ConnectionUnusable }
  /** Refused before any request: the user tested too often lately. */
  | { ok: false; limited: TestsLimited }
  | { ok: false; fieldErrors: Record<string, never>; message: string }
  | null;

export const NO_SUCH_CONNECTION = "No such connection. It may have been removed; reload the page.";

/**
 * Connections one user may have. Each is a set of credentials the portal may send to a partner service from its one
 * address, which all its users share (docs/security.md): a few per partner and environment are plenty.
 */
export const MAX_CONNECTIONS_PER_USER = 20;

export const TOO_MANY_CONNECTIONS =
  `You have ${MAX_CONNECTIONS_PER_USER} connections, the most one user may have, so this one was not added. ` +
  "Remove a connection you no longer use, then add this one again.";
