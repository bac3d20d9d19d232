import { EXPORT_SOURCES } from "@/sections/exports";
import { commentRoute, threadRoute } from "@/sections/frame/comment-route";

/** A record's thread of comments (docs/review.md, Comments): read it, or write to it from the portal's own pages. */
export const GET = threadRoute(EXPORT_SOURCES);
export const POST = commentRoute(EXPORT_SOURCES);
