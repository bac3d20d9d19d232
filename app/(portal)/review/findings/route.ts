import { seenRoute } from "@/sections/data-checks/seen-route";
import { EXPORT_SOURCES } from "@/sections/exports";

/** Marks data-check findings seen, or takes the marks away (docs/review.md, Data-check findings). */
export const POST = seenRoute(EXPORT_SOURCES);
