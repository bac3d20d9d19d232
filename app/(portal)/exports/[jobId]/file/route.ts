import { fileRoute } from "@/lib/export/export-routes";

/** The file of a finished export, for its owner only, as a download. */
export const GET = fileRoute();
