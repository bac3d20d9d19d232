import { EXPORT_SOURCES } from "@/sections/exports";
import { queueRoute } from "@/sections/overview/queue-route";
import { QUEUE_PARTS } from "@/sections/overview-parts";

/** Where the user's review queue goes on from the table they are at (docs/review.md, Your queue). */
export const GET = queueRoute(EXPORT_SOURCES, QUEUE_PARTS);
