import { EXPORT_SOURCES } from "@/sections/exports";
import { viewRoute } from "@/sections/saved-views/view-route";

/** Saves the page the user is on as a view of the study, shares, makes private or deletes one (docs/review.md). */
export const POST = viewRoute(EXPORT_SOURCES);
