/**
 * The process's one study cache, configured from lib/env. It lives on
 * globalThis because Next.js bundles pages and route handlers separately:
 * module state would give the progress route a different cache from the
 * page that is loading.
 */
import { env } from "@/lib/env";
import { StudyStore } from "./study-cache";

const holder = globalThis as typeof globalThis & { __studyPortalStudyStore?: StudyStore };

export function studyStore(): StudyStore {
  if (!holder.__studyPortalStudyStore) {
    const e = env();
    holder.__studyPortalStudyStore = new StudyStore({
      ttlMs: e.STUDY_CACHE_TTL_SECONDS * 1000,
      maxBytes: e.STUDY_CACHE_MAX_MB * 1024 * 1024,
    });
  }
  return holder.__studyPortalStudyStore;
}

export type { RejectedOfKind, SubjectListView } from "../study-views/load-subject-list";
export type { KindProgress, StudyCacheStats } from "./study-cache";
