/**
 * The process's one study cache, configured from lib/config/env: one per process
 * (lib/runtime/process-singleton.ts), so that the progress route watches the very
 * load a page started.
 */
import { env } from "@/lib/config/env";
import { processSingleton } from "@/lib/runtime/process-singleton";
import { StudyCache } from "./study-cache";

export function studyCache(): StudyCache {
  return processSingleton("studyCache", () => {
    const e = env();
    return new StudyCache({
      ttlMs: e.STUDY_CACHE_TTL_SECONDS * 1000,
      maxBytes: e.STUDY_CACHE_MAX_MB * 1024 * 1024,
      accessRecheckMs: e.STUDY_ACCESS_RECHECK_SECONDS * 1000,
      // Parsing and mapping a large study off the thread that renders pages (docs/performance.md, Study loads).
      loadThread: true,
    });
  });
}
