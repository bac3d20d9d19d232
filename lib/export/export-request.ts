/**
 * What a request to start an export may hold, checked before anything is looked up: the user's connection and
 * study, the view (its slug below the study) and its table, the format, the view's URL query as the page has it,
 * and for a subject's page the subject; or, with the format "zip", the study's export pack (connection and study,
 * and a past snapshot's id). A value that does not fit gets a fixed message; nothing sent is repeated.
 */
import { z } from "zod";
import { studyNumberSchema } from "@/partner-api/study-number";

/** The body's size limit: a query of a view's state is a few hundred characters. */
export const MAX_BODY = 16_384;

const slug = /^[a-z0-9-]{1,40}(\/[a-z0-9-]{1,40}){0,2}$/;

const connectionId = z.string().min(1).max(128);

export const tableStartSchema = z.object({
  connectionId,
  study: studyNumberSchema,
  view: z.string().regex(slug),
  /** The table's name, with an argument after a dot where a view has several of a kind ("distribution.2"). */
  table: z.string().regex(/^[a-z0-9-]{1,40}(\.[a-z0-9-]{1,40})?$/),
  format: z.enum(["csv", "xlsx"]),
  /** The page's query string, without "?" (parsed by the table's own URL state; unknown parameters are ignored). */
  query: z.string().max(8_000),
  subject: z.string().min(1).max(200).optional(),
});

export type TableStartRequest = z.infer<typeof tableStartSchema>;

/**
 * The study export pack (docs/export-pack.md): the whole study, so nothing but which one, and on a past snapshot's
 * page that snapshot's id (docs/snapshots.md).
 */
export const packStartSchema = z.object({
  connectionId,
  study: studyNumberSchema,
  format: z.literal("zip"),
  snapshot: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
});

export type PackStartRequest = z.infer<typeof packStartSchema>;

/** A start request checked as the export its format names: the pack for "zip", a table otherwise. */
export function parseStartRequest(body: unknown) {
  const pack = typeof body === "object" && body !== null && (body as { format?: unknown }).format === "zip";
  return pack ? packStartSchema.safeParse(body) : tableStartSchema.safeParse(body);
}

/** The words for a body that is not a start request; the first field that does not fit is named, not its value. */
export function badRequestText(error: z.ZodError): string {
  const field = error.issues[0]?.path.join(".");
  return field
    ? `The export request's field "${field}" is missing or not valid. Reload the page and try again.`
    : "The export request is not valid. Reload the page and try again.";
}

/** An export job's ID as the routes accept it: 32 hex digits. */
export const jobIdSchema = z.string().regex(/^[0-9a-f]{32}$/);
