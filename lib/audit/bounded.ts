/**
 * The building blocks of audit details: every string and list has a bound, so that no entry grows with what a
 * request sent. Text over its bound is cut and ends with "…"; a list over its bound keeps its first items (the
 * schemas of lists say what a cut list means). Only zod.
 */
import { z } from "zod";

/** Text of at most `max` characters: a longer one is cut to max - 1 and ends with "…". */
export const text = (max: number) => z.string().transform((s) => (s.length <= max ? s : `${s.slice(0, max - 1)}…`));

/** At most `max` items: the first ones. */
export const list = <T extends z.ZodType>(item: T, max: number) =>
  z.array(item).transform((items) => items.slice(0, max));

/** At most `max` entries (the first ones), keys and values bounded like text. */
export const textRecord = (max: number, keyMax: number, valueMax: number) =>
  z
    .record(z.string(), z.string())
    .transform((r) => Object.fromEntries(Object.entries(r).slice(0, max)))
    .pipe(z.record(text(keyMax), text(valueMax)));

export const count = z.number().int().nonnegative();
export const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/, "a SHA-256 as 64 lowercase hexadecimal digits");
/** A failure's kind as lib/connections/failure.ts names it ("forbidden", "rate-limited"...). */
export const failureKind = z.string().regex(/^[a-z][a-z-]{0,39}$/);
/** A connection ID as a study route may carry it (checked, not trusted: a refused one may be anything this long). */
export const connectionIdText = z.string().min(1).max(128);
/** An account as the entry names it: its ID, and its e-mail at the time. */
export const userRef = z.strictObject({ id: z.number().int().positive(), email: text(254) });
