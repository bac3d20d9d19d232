/**
 * POST /table-columns: keeps the signed-in user's choice of one table's columns in the portal store
 * (docs/design.md, Tables), from the portal's own pages only (lib/http/same-origin.ts, docs/security.md). The body
 * is `{ table, choices }` (lib/db/table-column-rules.ts); a choice that names no column clears the table's, its
 * defaults again. The answer is 204, or a refusal in words (`{ error }`) that never repeats what was sent.
 */
import type { SessionUser } from "@/lib/auth/session-user";
import { withSessionUser } from "@/lib/auth/with-session-user";
import { env } from "@/lib/config/env";
import { NOT_COUNTED_RETRY_SECONDS, takeCounted, type WindowLimit } from "@/lib/coordination/limits";
import { sharedWindowLimit } from "@/lib/coordination/shared-limits";
import { choiceRefusal, choiceRequestSchema } from "@/lib/db/table-column-rules";
import { saveTableColumns } from "@/lib/db/table-columns";
import { sameOriginOnly } from "@/lib/http/same-origin";
import { portalStore } from "@/lib/store/portal-store";
import type { Store } from "@/lib/store/store";

/** The body's size limit: 100 column IDs of 64 characters and a table key take under 8 KiB. */
export const MAX_CHOICE_BODY = 16_384;

/**
 * A user's saves in any minute. The chooser sends one per table after a pause in clicking (a second), so a reader
 * stays far below it; a script that loops is held back.
 */
export const SAVES_PER_MINUTE = 120;

const NO_STORE = { "cache-control": "no-store" };

const refusal = (status: number, error: string, headers: Record<string, string> = {}) =>
  Response.json({ error }, { status, headers: { ...NO_STORE, ...headers } });

export const TOO_LARGE = "The choice of columns is larger than the portal takes. Reload the page and try again.";
export const NOT_JSON = "The choice of columns is not valid. Reload the page and try again.";
export const tooManySaves = (seconds: number) =>
  "You have changed columns more often in the last minute than the portal allows. " +
  `Wait ${seconds} seconds, then choose again.`;
export const SAVES_NOT_COUNTED =
  "The server cannot count column changes just now, so this choice was not saved. Try again shortly.";

/**
 * The saves each user may make in a minute, across the instances (docs/coordination.md); in memory without Redis
 * (10,000 users at most: SlidingWindowLimit).
 */
export const columnChoiceSaves = (): WindowLimit<number> =>
  sharedWindowLimit({ name: "column-saves", what: "column changes", perWindow: SAVES_PER_MINUTE, windowMs: 60_000 });

/** Checks and keeps one table's choice of the user. */
export async function saveColumnChoice(
  user: SessionUser,
  request: Request,
  store: () => Promise<Store>,
  saves: WindowLimit<number>,
): Promise<Response> {
  // Not counted, not saved: without its limit a script could write to the store as fast as it likes.
  const waitMs = await takeCounted(saves, user.id);
  if (waitMs === undefined)
    return refusal(503, SAVES_NOT_COUNTED, { "retry-after": String(NOT_COUNTED_RETRY_SECONDS) });
  if (waitMs > 0) {
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    return refusal(429, tooManySaves(seconds), { "retry-after": String(seconds) });
  }
  if (Number(request.headers.get("content-length") ?? 0) > MAX_CHOICE_BODY) return refusal(413, TOO_LARGE);
  const text = await request.text();
  if (text.length > MAX_CHOICE_BODY) return refusal(413, TOO_LARGE);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return refusal(400, NOT_JSON);
  }
  const parsed = choiceRequestSchema.safeParse(body);
  if (!parsed.success) return refusal(400, choiceRefusal(parsed.error));
  await saveTableColumns(await store(), user.id, parsed.data.table, parsed.data.choices);
  return new Response(null, { status: 204, headers: NO_STORE });
}

/** The route: the origin checked first, then the session (401 in words), then the choice. */
export const columnChoiceRoute = (store: () => Promise<Store> = portalStore, saves = columnChoiceSaves) =>
  sameOriginOnly(
    env,
    withSessionUser((user, request: Request) => saveColumnChoice(user, request, store, saves())),
  );
