import { cancelRoute, statusRoute } from "@/lib/export/export-routes";

/** An export's state, for its owner only. */
export const GET = statusRoute();

/** Cancels an export, from the portal's own pages only: its partial file is deleted at once. */
export const DELETE = cancelRoute();
