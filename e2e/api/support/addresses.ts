/** Addresses, the demo partners and the endpoints under test. */
import { E2E_BASE_URL } from "../../../playwright.config";

/** `{base_url}`: the server runs with PUBLIC_BASE_URL equal to the Playwright base URL. */
const BASE_URL = E2E_BASE_URL;
export const API_PATH = "/svc-apim/external/v2/crit/core/api";
export const TOKEN_PATH = "/svc-apim/external/svc-oidc/oauth2/token";
/** Absolute `{api_prefix}`, the start of every link and fullUrl. */
export const API_PREFIX = `${BASE_URL}${API_PATH}`;

/** Defaults of PARTNER_STRUCTURE_BASE and PARTNER_CTC_BASE (lib/config/env.ts); the tests run with the defaults. */
export const STRUCTURE_BASE = "https://partner.studyportal.example/fhir/StructureDefinition";
export const CTC_BASE = "https://partner.studyportal.example/fhir/ctcae";
export const sd = (name: string) => `${STRUCTURE_BASE}#${name}`;

/** Path (relative to the base URL) of a data request: `api("AdverseEvent?researchstudy=X")`. */
export const api = (pathAndQuery: string) => `${API_PATH}/${pathAndQuery.replace(/^\/+/, "")}`;
/** Builds a query string from pairs, keeping their order; undefined values are left out. */
export const qs = (params: Record<string, string | number | undefined>) =>
  new URLSearchParams(
    Object.entries(params)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  ).toString();

// ---------------------------------------------------------------- partners and studies

export interface Partner {
  partnerId: string;
  clientId: string;
  clientSecret: string;
  /** Studies granted to the partner in the demo registry. */
  studies: readonly string[];
}

/** The published demo registry (README / data/demo-partners.ts), restated here as test input. */
export const NORTHSTAR: Partner = {
  partnerId: "NORTHSTAR",
  clientId: "northstar-portal",
  clientSecret: "demo-northstar-7f3c9a1e5b",
  studies: ["ONC-101", "CARD-201"],
};
export const LAKESIDE: Partner = {
  partnerId: "LAKESIDE",
  clientId: "lakeside-portal",
  clientSecret: "demo-lakeside-2d8e4b6f0c",
  studies: ["ONC-102"],
};
export const PARTNERS: readonly Partner[] = [NORTHSTAR, LAKESIDE];

/** A well-formed study number that no demo database contains. */
export const NO_SUCH_STUDY = "NOPE-999";

export const isGranted = (p: Partner, study: string) => p.studies.includes(study);

// ---------------------------------------------------------------- endpoints

export interface Endpoint {
  /** A short name for test titles. */
  name: string;
  path: string;
  category?: "imaging" | "laboratory" | "vital-signs";
  resourceType: string;
}

export const ENDPOINTS: readonly Endpoint[] = [
  { name: "AdverseEvent", path: "AdverseEvent", resourceType: "AdverseEvent" },
  { name: "DiagnosticReport", path: "DiagnosticReport", resourceType: "DiagnosticReport" },
  { name: "observation imaging", path: "observation", category: "imaging", resourceType: "Observation" },
  { name: "observation laboratory", path: "observation", category: "laboratory", resourceType: "Observation" },
  { name: "observation vital-signs", path: "observation", category: "vital-signs", resourceType: "Observation" },
  { name: "MedicationStatement", path: "MedicationStatement", resourceType: "MedicationStatement" },
  { name: "Patient", path: "Patient", resourceType: "Patient" },
  { name: "Group", path: "Group", resourceType: "Group" },
];

export const endpoint = (name: string): Endpoint => {
  const e = ENDPOINTS.find((x) => x.name === name);
  if (!e) throw new Error(`no endpoint ${name}`);
  return e;
};

/** The search of an endpoint for one study, with extra parameters after `researchstudy` (and `category`). */
export function searchPath(e: Endpoint, study: string, extra: Record<string, string | number> = {}): string {
  const params: Record<string, string | number> = {
    researchstudy: study,
    ...(e.category ? { category: e.category } : {}),
    ...extra,
  };
  return api(`${e.path}?${qs(params)}`);
}
