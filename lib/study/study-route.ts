/**
 * A study's address: the route parameters of its pages, refresh action and progress route, checked, and the path
 * made from them. Only zod and the contract: safe for client components (the connection test links its studies).
 */
import { z } from "zod";
import { studyNumberSchema } from "@/partner-api/study-number";

export const studyRouteSchema = z.object({ connectionId: z.string().min(1).max(128), study: studyNumberSchema });
export type StudyRoute = z.infer<typeof studyRouteSchema>;

export const studyPath = ({ connectionId, study }: StudyRoute) =>
  `/studies/${encodeURIComponent(connectionId)}/${encodeURIComponent(study)}`;
