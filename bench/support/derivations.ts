/**
 * The derivations of the tumour-response views and the data checks for the whole study, timed in the benchmark's
 * own process with the rows already in memory: the rows are loaded once through a StudyCache from the partner
 * service (as the portal loads them), then each repeat calls the functions the loaders memoise, directly (never
 * through derived(), which would hand back the value of the first call):
 * - response: the join of assessments and lesions to subjects, every assessment recomputed, each subject's BOR as
 *   signed and as recomputed, and the study's BOR table with ORR, DCR and their exact intervals (default options);
 * - data checks: the RECIST 1.1 rules, the adverse-event and laboratory rules, the findings sorted and counted.
 * The goal: the two together under 1 s for the 1,000-subject study once its rows are cached.
 */

import { adverseEventFindings, laboratoryFindings } from "@/lib/clinical/checks/record-checks";
import { responseChecks } from "@/lib/clinical/checks/response-checks";
import { DEFAULT_RESPONSE_OPTIONS } from "@/lib/clinical/response/best-response";
import type { CachedRecordType, RowOf } from "@/lib/study-cache/row-mappers";
import { StudyCache } from "@/lib/study-cache/study-cache";
import type { PartnerCredentials } from "@/partner-api/credentials";
import { DEMO_PARTNERS } from "@/partner-service/data/demo-partners";
import { studyFindings } from "@/sections/data-checks/load";
import { deriveResponses, joinResponseRecords } from "@/sections/tumour-response/load";
import { fmt, percentile } from "./stats";

async function loadStudyRows(creds: PartnerCredentials, study: string) {
  const cache = new StudyCache({ ttlMs: 3_600_000, maxBytes: 4 * 2 ** 30 });
  const rows = async <K extends CachedRecordType>(k: K): Promise<readonly RowOf<K>[]> =>
    (await cache.rows(creds, study, k)).value.rows;
  // One after another, as the portal's loads of one study's views would run.
  return {
    group: await rows("Group"),
    patients: await rows("Patient"),
    reports: await rows("DiagnosticReport"),
    imaging: await rows("imaging"),
    events: await rows("AdverseEvent"),
    labs: await rows("laboratory"),
  };
}

type StudyRows = Awaited<ReturnType<typeof loadStudyRows>>;

function deriveResponse(r: StudyRows) {
  return deriveResponses(joinResponseRecords(r.group, r.patients, r.reports, r.imaging), DEFAULT_RESPONSE_OPTIONS);
}

function deriveChecks(r: StudyRows) {
  const response = responseChecks(r.reports, r.imaging);
  return studyFindings(response.findings, adverseEventFindings(r.events), laboratoryFindings(r.labs));
}

/** Milliseconds of `run`, and its last value. */
function timed<T>(run: () => T): [number, T] {
  const started = performance.now();
  const value = run();
  return [performance.now() - started, value];
}

const stats = (ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  return `p50 ${fmt(percentile(sorted, 50), 0)} ms, max ${fmt(sorted.at(-1) ?? NaN, 0)} ms`;
};

/** Loads the study's rows from the partner service at `baseUrl` and logs the derivations' times: one line. */
export async function measureDerivations(
  baseUrl: string,
  study: string,
  repeats: number,
  log: (line?: string) => void,
): Promise<void> {
  const { partnerId, clientId, clientSecret } = DEMO_PARTNERS[0];
  const creds: PartnerCredentials = { baseUrl, partnerId, clientId, clientSecret };
  const rows = await loadStudyRows(creds, study);
  const response: number[] = [];
  const checks: number[] = [];
  const both: number[] = [];
  let subjects = 0;
  let findings = 0;
  for (let i = 0; i < repeats; i++) {
    const [r, view] = timed(() => deriveResponse(rows));
    const [c, found] = timed(() => deriveChecks(rows));
    response.push(r);
    checks.push(c);
    both.push(r + c);
    subjects = view.subjects.length;
    findings = found.findings.length;
  }
  const n = (x: number) => x.toLocaleString("en");
  log(
    `Derivations of the whole study in this process, rows in memory (${n(subjects)} subjects, ` +
      `${n(rows.reports.length)} assessments, ${n(rows.imaging.length)} lesion records, ${n(findings)} findings; ` +
      `${repeats} repeats): response (join, every assessment recomputed, both BORs, the BOR table) ` +
      `${stats(response)}; data checks ${stats(checks)}; both ${stats(both)} (goal: under 1 s).`,
  );
}
