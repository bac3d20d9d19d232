/**
 * The study drug's exposure of every subject of a study, computed once per
 * pair of cached adverse-event and medication rows (./derived.ts): the
 * sections that count from the first dose (treatment-emergent adverse events,
 * the laboratory baseline and on-treatment window, liver peaks, response
 * times, study days) and the Medications section share it. The adverse events
 * name the study drug (their suspect product); the medication records give
 * its doses (docs/clinical-rules.md, Study drug and exposure).
 */
import { type SubjectExposure, studyExposure } from "@/lib/clinical/exposure/exposure";
import { investigationalProducts } from "@/lib/clinical/exposure/study-drug";
import type { CachedRows, RowOf } from "@/lib/study-cache/row-mappers";
import type { CacheHit } from "@/lib/study-cache/ttl-lru";
import { derived } from "./derived";
import type { StudyData } from "./study-rows";

export interface StudyExposure {
  /** The investigational products the adverse events name, lower-cased. */
  products: readonly string[];
  /** Per subject with a study-drug record. */
  bySubject: ReadonlyMap<string, SubjectExposure>;
  /** The cache hits it was read from (their time and rejected records belong to the page's data notes). */
  sources: readonly [CacheHit<CachedRows<RowOf<"AdverseEvent">>>, CacheHit<CachedRows<RowOf<"MedicationStatement">>>];
}

export async function loadStudyExposure(study: StudyData): Promise<StudyExposure> {
  const [aes, meds, studyAes] = await Promise.all([
    study.rows("AdverseEvent"),
    study.rows("MedicationStatement"),
    // The products are the study's: a study narrowed to some subjects (StudyData.whole) names them all the same.
    (study.whole ?? study).rows("AdverseEvent"),
  ]);
  // The medication rows hold the memo: a narrowed study's are its own.
  const exposure = derived("study drug exposure", [meds.value, studyAes.value], () => {
    const products = investigationalProducts(studyAes.value.rows);
    return { products, bySubject: studyExposure(meds.value.rows, products) };
  });
  return { ...exposure, sources: [aes, meds] };
}
