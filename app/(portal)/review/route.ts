import { EXPORT_SOURCES } from "@/sections/exports";
import { reviewRoute } from "@/sections/frame/review-route";

/** Marks records reviewed, or takes their marks away (docs/review.md), from the portal's own pages only. */
export const POST = reviewRoute(EXPORT_SOURCES);
