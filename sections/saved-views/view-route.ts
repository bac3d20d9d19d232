/**
 * POST /review/views (docs/review.md, Saved views): saves the page the user is on as a named view of the study (for
 * themselves, or shared with their organisation), shares one of theirs, makes it private again or deletes it. The
 * study is opened as for a page and served to the user's credentials before anything is read or written
 * (sections/frame/review-access.ts). The view keeps the page's address below the study and the study snapshot it
 * showed: the one its address names, else the latest. Writes come from the portal's own pages only, are counted
 * against the user's view writes a minute, and are each one audit entry (never a name or address). No answer
 * repeats what was sent.
 */
import { z } from "zod";
import type { SessionUser } from "@/lib/auth/session-user";
import { withSessionUser } from "@/lib/auth/with-session-user";
import { env } from "@/lib/config/env";
import { sharedWindowLimit } from "@/lib/coordination/shared-limits";
import { problem } from "@/lib/export/answers";
import { tableStartSchema } from "@/lib/export/export-request";
import type { ExportSources } from "@/lib/export/export-sources";
import { jsonBody } from "@/lib/http/json-body";
import { sameOriginOnly } from "@/lib/http/same-origin";
import { MAX_NAME, MAX_PER_USER, type SaveOutcome } from "@/lib/review/views-store";
import { studySnapshotOf } from "@/lib/snapshots/study-snapshots";
import type { UserStudy } from "@/lib/study/open-user-study";
import { recordReviewView } from "@/lib/study/study-audit";
import { studyPath } from "@/lib/study/study-route";
import { openForReview, overReviewLimit } from "@/sections/frame/review-access";
import { pageAddressOf } from "./address";

/** View writes (saves, shares, deletions) a user may make a minute. */
export const VIEW_WRITES_PER_MINUTE = 30;
const MAX_REQUEST = 8_000;

const target = { connectionId: tableStartSchema.shape.connectionId, study: tableStartSchema.shape.study };
const viewId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const viewRequestSchema = z.union([
  z.strictObject({
    ...target,
    act: z.literal("save"),
    name: z
      .string()
      .trim()
      .min(1)
      .max(MAX_NAME)
      .regex(/^[^\p{Cc}]*$/u),
    address: z.string().min(1).max(4_000),
    shared: z.boolean(),
  }),
  z.strictObject({ ...target, act: z.enum(["share", "unshare", "delete"]), view: viewId }),
]);
export type ViewRequest = z.infer<typeof viewRequestSchema>;

export const BAD_VIEW_REQUEST =
  `The request could not be read: a view's name holds 1 to ${MAX_NAME} characters and no control characters. ` +
  "Correct it and try again; if it happens again, reload the page.";

const VIEW_LIMIT_WORDS = { counted: "saved views", done: "You saved views", again: "try again" };

const viewsLimit = () =>
  sharedWindowLimit({ name: "review-views", what: "saved views", perWindow: VIEW_WRITES_PER_MINUTE, windowMs: 60_000 });

export const viewRoute = (sources: ExportSources) =>
  sameOriginOnly(
    env,
    withSessionUser((user, request: Request) => viewRequest(user, request, sources)),
  );

async function viewRequest(user: SessionUser, request: Request, sources: ExportSources): Promise<Response> {
  const parsed = viewRequestSchema.safeParse(await jsonBody(request, MAX_REQUEST));
  if (!parsed.success) return problem(400, BAD_VIEW_REQUEST);
  const r = parsed.data;
  const opened = await openForReview(user, r, sources);
  if ("refusal" in opened) return opened.refusal;
  const { access, address } = opened;
  const limited = await overReviewLimit(viewsLimit(), user.id, VIEW_LIMIT_WORDS);
  if (limited) return limited;
  const audit = { address, via: "review" as const, userId: user.id, connectionId: r.connectionId, study: r.study };
  try {
    if (r.act === "save") {
      const saved = await save(access, r, user.name);
      if ("refusal" in saved) return saved.refusal;
      await recordReviewView(audit, { act: "save", view: saved.id, shared: r.shared });
      return Response.json({ view: saved.id }, { status: 201, headers: { "cache-control": "no-store" } });
    }
    const done =
      r.act === "delete" ? await access.views.remove(r.view) : await access.views.share(r.view, r.act === "share");
    if (!done) return problem(404, "You have no such saved view in this study: it may have been deleted. Reload.");
    await recordReviewView(audit, { act: r.act, view: r.view });
    return Response.json({ view: r.view }, { headers: { "cache-control": "no-store" } });
  } catch (err) {
    const refusal = sources.explain(err, access);
    return problem(refusal.status, refusal.message);
  }
}

type SaveRequest = Extract<ViewRequest, { act: "save" }>;

/** The page read from its address, its snapshot found among the study's, and the view saved; or the refusal. */
async function save(access: UserStudy, r: SaveRequest, owner: string): Promise<{ id: number } | { refusal: Response }> {
  const page = pageAddressOf(studyPath({ connectionId: r.connectionId, study: r.study }), r.address);
  if (!page)
    return {
      refusal: problem(
        400,
        "This page cannot be saved as a view of the study: open one of its sections and save there.",
      ),
    };
  const snapshots = await access.history.snapshots();
  const snapshot = page.snapshot === null ? snapshots[0] : studySnapshotOf(snapshots, page.snapshot);
  if (page.snapshot !== null && !snapshot)
    return {
      refusal: problem(409, "The snapshot this page shows is no longer kept: open the latest data and save it there."),
    };
  const at = snapshot ? { id: snapshot.id, at: new Date(snapshot.takenAt).toISOString() } : null;
  const outcome = await access.views.save({ ...page, snapshot: at, name: r.name, shared: r.shared }, owner);
  return outcome.status === "done" ? { id: outcome.id } : { refusal: refused(outcome) };
}

function refused(outcome: Exclude<SaveOutcome, { status: "done" }>): Response {
  switch (outcome.status) {
    case "name-taken":
      return problem(409, "You already have a view of this study by that name: choose another name.");
    case "user-full":
      return problem(409, `You have ${MAX_PER_USER} saved views of this study, the most you can: delete one first.`);
    case "study-full":
      return problem(409, "This study holds as many saved views as it can. Tell your administrator.");
  }
}
