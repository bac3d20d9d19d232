/**
 * A study's own adverse-event aggregates, the ones every page of the section shows whatever its query: the study
 * made ready for counting, the listing's rows, the table by term without subgroups (the report's order), the
 * overview, the data notes' counts, and the sets a query is checked against. Written in slices (./sliced.ts): a
 * pause after each, so that the first page over a newly loaded study (17,600 events at 1,000 subjects) does not hold
 * up every other user's page while they are computed (docs/performance.md, Derived values).
 */

import { complete, type Sliced } from "../common/sliced";
import { type AeListingRow, aeListingRows } from "./listing";
import { type AeQuality, aeQuality } from "./quality";
import { type AeStudy, type AeStudyInput, aeStudy } from "./study";
import { type AeByTerm, type AeOverview, aeByTerm, aeOverview } from "./summary";

export interface AeAggregates {
  study: AeStudy;
  /** The listing's rows, parallel to `study.events`. */
  rows: AeListingRow[];
  /** The table by term without subgroup columns. */
  report: AeByTerm;
  overview: AeOverview;
  quality: AeQuality;
  /** The terms, their SOCs, subjects (Patient.id) and CTCAE versions the events have: what a query may name. */
  terms: ReadonlySet<string>;
  socs: ReadonlySet<string>;
  subjects: ReadonlySet<string>;
  versions: ReadonlySet<string | null>;
}

export const aeAggregates = (input: AeStudyInput): AeAggregates => complete(aeAggregatesSliced(input));

/** aeAggregates() in slices: a pause after each aggregate. */
export function* aeAggregatesSliced(input: AeStudyInput): Sliced<AeAggregates> {
  const study = aeStudy(input);
  yield;
  const rows = aeListingRows(study);
  yield;
  const report = aeByTerm(study, null);
  yield;
  const overview = aeOverview(study);
  yield;
  const quality = aeQuality(study, rows);
  yield;
  const terms = new Set(study.events.map((e) => e.term));
  const subjects = new Set(study.events.flatMap((e) => (e.subjectId === null ? [] : [e.subjectId])));
  const versions = new Set(rows.map((r) => r.ctcaeVersion));
  const socs = new Set(rows.map((r) => r.soc));
  return { study, rows, report, overview, quality, terms, socs, subjects, versions };
}
