/** What the study export pack is made of (docs/export-pack.md), as the Export pack section's loader gives it. */
import type { AeByTerm } from "@/lib/clinical/adverse-events/summary";
import type { Finding } from "@/lib/clinical/checks/finding";
import type { ResponseOptions } from "@/lib/clinical/response/best-response";
import type { SubjectResponse } from "@/lib/clinical/response/subject-response";
import type { SdtmDataset } from "@/lib/clinical/sdtm/dataset";
import type { DataSnapshot } from "@/lib/snapshots/study-snapshots";
import type { SectionData } from "@/lib/study/section-data";

export interface ExportPackData extends SectionData {
  study: string;
  /** Every distinct #SponsorID the study's Patients carry (one, when the partner's data agree). */
  sponsorStudyNumbers: string[];
  /** Whether the study sent response assessments or lesions: TU, TR, RS and the BOR table only then. */
  recist: boolean;
  /** DM, AE, LB, VS, CM, EX and, for a RECIST study, TU, TR and RS. */
  datasets: SdtmDataset[];
  aeByTerm: AeByTerm;
  responseOptions: ResponseOptions;
  /** Every subject's response; empty without response data. */
  responses: readonly SubjectResponse[];
  /** Evaluable subjects whose best overall response as signed differs from the recomputed one. */
  responsesDiffer: ReadonlySet<string>;
  findings: readonly Finding[];
  /** The study snapshot the data are (sections/frame/data-snapshot.ts): undefined where the portal keeps none. */
  snapshot?: DataSnapshot | null;
}
