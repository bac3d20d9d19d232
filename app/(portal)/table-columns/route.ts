import { columnChoiceRoute } from "@/lib/tables/column-choices-route";

/** Keeps the signed-in user's choice of a table's columns (docs/design.md, Tables), from the portal's pages only. */
export const POST = columnChoiceRoute();
