/**
 * Identifiers that must be unique across the whole database, and the global
 * counters behind case IDs, assessment IDs and medication record IDs. One
 * registry lives for one generateDataset call, so studies that come later in
 * the plan continue the numbering of earlier ones.
 */
import type { Rng } from "./prng";

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

export class Registry {
  private readonly mrns = new Set<string>();
  private readonly subjectStudyIds = new Set<string>();
  private caseId = 3100;
  private assessmentNo = 4000;
  private recordNo = 52_000_000;

  mrn(rng: Rng): string {
    for (;;) {
      const mrn = `MRN${String(rng.int(1000, 999_999)).padStart(6, "0")}`;
      if (!this.mrns.has(mrn)) {
        this.mrns.add(mrn);
        return mrn;
      }
    }
  }

  subjectStudyId(rng: Rng, studyNumber: string): string {
    const stem = studyNumber.replace(/[^A-Za-z0-9]/g, "").toUpperCase();
    for (;;) {
      let code = "";
      for (let i = 0; i < 4; i++) code += CROCKFORD[rng.int(0, 31)];
      const id = `SSN-${stem}-${code}`;
      if (!this.subjectStudyIds.has(id)) {
        this.subjectStudyIds.add(id);
        return id;
      }
    }
  }

  /** Case IDs and assessment IDs advance in uneven steps, as in a system shared with other trials. */
  nextCaseId(rng: Rng): number {
    this.caseId += rng.int(1, 4);
    return this.caseId;
  }

  nextAssessmentId(rng: Rng): string {
    this.assessmentNo += rng.int(1, 6);
    return `A-${String(this.assessmentNo).padStart(6, "0")}`;
  }

  nextRecordId(rng: Rng): string {
    this.recordNo += rng.int(1, 40);
    return String(this.recordNo);
  }
}
