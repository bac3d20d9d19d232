/**
 * Every table and chart that can be exported, by view and table ID, each built by the definition its page uses
 * (docs/exports.md), and the words for a study whose rows could not be loaded, from the study page's own advice.
 */
import { failureOf } from "@/lib/connections/failure";
import type { ExportSources } from "@/lib/export/export-sources";
import { errorAdvice } from "../study/error-advice";
import type { Sources } from "./source";
import { ADVERSE_EVENT_SOURCES } from "./sources/adverse-events";
import { DATA_CHECK_SOURCES } from "./sources/data-checks";
import { LABORATORY_SOURCES } from "./sources/laboratory";
import { LIVER_SOURCES } from "./sources/liver";
import { MEDICATION_SOURCES } from "./sources/medications";
import { SUBJECT_PROFILE_SOURCES } from "./sources/subject";
import { SUBJECT_SOURCES } from "./sources/subjects";
import { TUMOUR_RESPONSE_SOURCES } from "./sources/tumour-response";
import { VITAL_SIGN_SOURCES } from "./sources/vital-signs";

const SOURCES: Sources = {
  ...SUBJECT_SOURCES,
  ...ADVERSE_EVENT_SOURCES,
  ...LABORATORY_SOURCES,
  ...VITAL_SIGN_SOURCES,
  ...MEDICATION_SOURCES,
  ...LIVER_SOURCES,
  ...TUMOUR_RESPONSE_SOURCES,
  ...DATA_CHECK_SOURCES,
  ...SUBJECT_PROFILE_SOURCES,
};

/** The HTTP status of an export refused because the partner's data could not be had. */
const STATUS: Record<string, number> = { forbidden: 403, "not-found": 404, "rate-limited": 503 };

export const EXPORT_SOURCES: ExportSources = {
  prepare: async (access, request) => {
    const key = `${request.view}:${request.table.split(".")[0]}`;
    const source = Object.hasOwn(SOURCES, key) ? SOURCES[key] : undefined;
    return source ? source(access, request) : undefined;
  },
  explain: (err, access) => {
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
