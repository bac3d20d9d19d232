/**
 * What a subject's profile takes from other sections for its summary (docs/clinical-rules.md, The subject's
 * summary) and its timeline: its response as the Tumour response section computes it by default (each assessment
 * recomputed, the best overall response), and its data-check findings as the Data checks section lists them. A
 * section imports no other; this file, beside the registry, brings them together, and the profile's page and its
 * exports are made with them.
 */
import { DEFAULT_RESPONSE_OPTIONS } from "@/lib/clinical/response/best-response";
import { loadDataChecks } from "@/sections/data-checks/load";
import { subjectProfileSources } from "@/sections/subject-profile/exports";
import type { ProfileParts } from "@/sections/subject-profile/load";
import { subjectProfileSection } from "@/sections/subject-profile/section";
import { loadTumourResponse } from "@/sections/tumour-response/load";

export const PROFILE_PARTS: ProfileParts = {
  responses: async (study) => {
    const reports = await study.rows("DiagnosticReport");
    if (reports.value.rows.length === 0) return null;
    return (await loadTumourResponse(study, DEFAULT_RESPONSE_OPTIONS)).bySubject;
  },
  findings: async (study, subjectId) => {
    const checks = await loadDataChecks(study, { rule: null, subject: subjectId });
    // A subject without findings is no filter the section takes: then it has none.
    return checks.filter.subject === null ? 0 : checks.findings.length;
  },
};

/** The subject profile's page, its summary complete. */
export const SUBJECT_PROFILE_PAGE = subjectProfileSection(PROFILE_PARTS);

/** The subject profile's export sources, made with the same parts as its page. */
export const SUBJECT_PROFILE_PAGE_SOURCES = subjectProfileSources(PROFILE_PARTS);
