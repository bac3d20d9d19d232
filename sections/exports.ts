/**
 * Every table and chart that can be exported, by view and table ID, each built by the definition its page uses
 * (docs/exports.md), and the words for a study whose rows could not be loaded, from the study page's own advice.
 */

import { errorAdvice } from "@/components/feedback/error-advice";
import { failureOf } from "@/lib/connections/failure";
import type { ExportSources } from "@/lib/export/export-sources";
import { loadAdverseEvents } from "@/sections/adverse-events/load";
import { parseAeQuery } from "@/sections/adverse-events/query";
import { loadDataChecks } from "@/sections/data-checks/load";
import { NO_CHECKS_FILTER } from "@/sections/data-checks/query";
import { type ExportPackParts, loadExportPack } from "@/sections/export-pack/load";
import { dataSnapshot, dataSnapshotWords, notingLoads } from "@/sections/frame/data-snapshot";
import type { Sources } from "@/sections/frame/export-source";
import { filteredStudy } from "@/sections/frame/filtered-study";
import { isPastSnapshotError, pastStudy } from "@/sections/frame/past-study";
import { NO_STUDY_FILTER, parseStudyFilter, studyFilterWords } from "@/sections/frame/study-filter";
import { SECTIONS } from "@/sections/registry";
import { loadTumourResponse } from "@/sections/tumour-response/load";

/** Every exportable table of the study, by "<page>:<table>", as the registry lists the sections' sources. */
const SOURCES: Sources = Object.assign({}, ...SECTIONS.map((s) => s.exports));

/** The HTTP status of an export refused because the partner's data could not be had. */
const STATUS: Record<string, number> = { forbidden: 403, "not-found": 404, "rate-limited": 503 };

/** The export pack's parts: the other sections' views for their default queries. */
export const PACK_PARTS: ExportPackParts = {
  adverseEvents: (study) => loadAdverseEvents(study, parseAeQuery(new URLSearchParams())),
  tumourResponse: loadTumourResponse,
  dataChecks: (study) => loadDataChecks(study, NO_CHECKS_FILTER),
};

export const EXPORT_SOURCES: ExportSources = {
  pack: async (access, snapshot) => {
    const loads = new Map<string, number>();
    const study = snapshot === undefined ? notingLoads(access, loads) : pastStudy(access, snapshot);
    const data = await loadExportPack(study, access.study, PACK_PARTS);
    return { ...data, snapshot: await dataSnapshot(access, loads, snapshot) };
  },
  prepare: async (access, request) => {
    const key = `${request.view}:${request.table.split(".")[0]}`;
    const source = Object.hasOwn(SOURCES, key) ? SOURCES[key] : undefined;
    // A table is exported as its page shows it: of the subjects the study filter keeps (the page's address has it),
    // and its About sheet says so.
    const filter = request.subject === undefined ? parseStudyFilter(request.params) : NO_STUDY_FILTER;
    // A past snapshot's page exports that snapshot (a subject's page keeps it too); either way the About sheet names
    // the study snapshot the rows are.
    const { snapshot } = parseStudyFilter(request.params);
    const loads = new Map<string, number>();
    const study = snapshot === undefined ? notingLoads(access, loads) : pastStudy(access, snapshot);
    const table = source ? await source(filteredStudy(study, filter), request) : undefined;
    if (!table) return undefined;
    const words = dataSnapshotWords(await dataSnapshot(access, loads, snapshot));
    return { ...table, snapshot: words, filters: [...studyFilterWords(filter), ...table.filters] };
  },
  explain: (err, access) => {
    if (isPastSnapshotError(err)) return { status: 404, message: err.message };
    const failure = failureOf(err);
    // Not a failure the portal words (a bug): logged, and the user gets a plain sentence.
    if (!failure) {
      console.error(`Export preparation failed: ${err instanceof Error ? err.message : String(err)}`);
      return { status: 500, message: "The rows could not be prepared because of an error on the server. Try again." };
    }
    const advice = errorAdvice(failure, { partnerId: access.connection.partnerId, again: "start the export again" });
    return { status: STATUS[failure.kind] ?? 502, message: `${advice.title}. ${advice.detail}` };
  },
};
