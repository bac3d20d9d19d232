/**
 * Patient: by study, or by subject ID as `/Patient/{id}`, `/patient/{id}`,
 * `_id` or `id` (docs/partner-service.md, "Patient by subject ID"). A subject
 * outside the caller's studies looks exactly like one that does not exist.
 */
import type { Caller } from "./auth";
import { badRequest, notFound } from "./http";
import type { StudyInfo } from "./resources/build-context";
import { patientFullUrl, patientResource, type SubjectRow } from "./resources/patient";
import { RECORD_TYPE_SPECS } from "./resources/record-types";
import { context, pageResponse, readRows, type SearchDeps, type Served } from "./search";
import { parseKey, parsePaging, parseStudy } from "./search-params";

/** The subject-ID filters, named as links carry them; a path ID travels as `_id`. */
function idFilters(
  pathId: string | undefined,
  params: URLSearchParams,
): { ids: string[]; linkParams: Record<string, string> } {
  const query = { _id: parseKey(params, "_id"), id: parseKey(params, "id"), _Id: parseKey(params, "_Id") };
  const ids = [pathId, query._id, query.id, query._Id].filter((v): v is string => v !== undefined);
  const named = { _id: pathId ?? query._id, id: query.id, _Id: query._Id };
  const linkParams = Object.fromEntries(Object.entries(named).filter(([, v]) => v !== undefined)) as Record<
    string,
    string
  >;
  return { ids, linkParams };
}

function findSubject(
  deps: SearchDeps,
  ids: string[],
  study: string | undefined,
  caller: Caller,
): SubjectRow | undefined {
  if (new Set(ids).size !== 1) return undefined;
  const subject = deps.queries.subject(ids[0]);
  if (!subject) return undefined;
  const visible = study !== undefined ? subject.study_number === study : deps.grants.has(caller, subject.study_number);
  return visible ? subject : undefined;
}

function patientEntry(deps: SearchDeps, row: SubjectRow, info: StudyInfo) {
  const ctx = context(deps, info);
  return { fullUrl: patientFullUrl(row, ctx), resource: patientResource(row, ctx) };
}

export function searchPatients(
  deps: SearchDeps,
  pathId: string | undefined,
  params: URLSearchParams,
  caller: Caller,
): Served {
  const study = parseStudy(params, false);
  const { ids, linkParams: filters } = idFilters(pathId, params);
  if (study === undefined && ids.length === 0) {
    throw badRequest("The parameter researchstudy or a subject ID (_id, id, or /Patient/{id}) is required.");
  }
  const paging = parsePaging(params);
  if (study !== undefined) deps.grants.require(caller, study);
  const linkParams = { ...(study !== undefined ? { researchstudy: study } : {}), ...filters };

  if (ids.length === 0) {
    const info = deps.queries.study(study!);
    const { total, rows } = info
      ? readRows(deps, RECORD_TYPE_SPECS.Patient, study!, [], paging)
      : { total: 0, rows: [] };
    const entries = (rows as SubjectRow[]).map((r) => patientEntry(deps, r, info!));
    return pageResponse(deps, { path: "Patient", linkParams, paging, study, total, entries });
  }

  const subject = findSubject(deps, ids, study, caller);
  if (pathId !== undefined && !subject) throw notFound("No patient with this subject ID is available to this partner.");
  const info = subject && deps.queries.study(subject.study_number);
  const entries = subject && info && paging.page === 1 ? [patientEntry(deps, subject, info)] : [];
  return pageResponse(deps, {
    path: "Patient",
    linkParams,
    paging,
    study: study ?? subject?.study_number,
    total: subject ? 1 : 0,
    entries,
  });
}
