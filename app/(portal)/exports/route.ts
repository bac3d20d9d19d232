import { startRoute } from "@/lib/export/export-routes";
import { EXPORT_SOURCES } from "@/sections/exports";

/** Starts an export of a table or a chart's data (docs/exports.md), from the portal's own pages only. */
export const POST = startRoute(EXPORT_SOURCES);
