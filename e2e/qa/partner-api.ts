/**
 * The partner API's own records, fetched over HTTP with the QA partner credentials: the suite's expected values
 * come from here, never from the portal's code or its database. The paths are the partner API's contract
 * (docs/partner-service.md), written out again here on purpose.
 */
import type { APIRequestContext } from "@playwright/test";
import type { QaEnv } from "./qa-env";

const TOKEN_PATH = "/svc-apim/external/svc-oidc/oauth2/token";
const API_PATH = "/svc-apim/external/v2/crit/core/api";
/** Pages the suite follows at most per search: a bound, so that a wrong `next` link cannot loop for ever. */
const MAX_PAGES = 2_000;

export type Resource = {
  id?: string;
  identifier?: { system?: string; value: string } | { system?: string; value: string }[];
  subject?: { reference: string };
  [k: string]: unknown;
};

async function token(request: APIRequestContext, qa: QaEnv): Promise<string> {
  const res = await request.post(`${qa.partnerUrl}${TOKEN_PATH}`, {
    form: { grant_type: "client_credentials", client_id: qa.clientId, client_secret: qa.clientSecret, scope: "full" },
  });
  // The status only: the answer to a refused secret is not worth echoing into a report.
  if (!res.ok()) throw new Error(`The partner service refused the QA client credentials (HTTP ${res.status()}).`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** Every resource of one search of the study, page after page by the `next` links. */
async function searchAll(request: APIRequestContext, qa: QaEnv, bearer: string, search: string) {
  const out: Resource[] = [];
  let url: string | undefined = `${qa.partnerUrl}${API_PATH}/${search}`;
  for (let pages = 0; url; pages++) {
    if (pages === MAX_PAGES) throw new Error(`${search}: more than ${MAX_PAGES} pages`);
    const res = await request.get(url, { headers: { authorization: `Bearer ${bearer}`, "x-partnerid": qa.partnerId } });
    if (res.status() !== 200) throw new Error(`${search}: the partner API answered HTTP ${res.status()}`);
    const bundle = (await res.json()) as {
      entry?: { resource: Resource }[];
      link?: { relation: string; url: string }[];
    };
    out.push(...(bundle.entry ?? []).map((e) => e.resource));
    url = bundle.link?.find((l) => l.relation === "next")?.url;
  }
  return out;
}

/** What the suite compares the screens with, counted from the API's records of the QA study. */
export interface StudyFacts {
  /** Subject study numbers of the study's Group: the portal's subjects and its N. */
  subjects: string[];
  /** Patient ID per subject study number (the portal's subject ID). */
  patientOf: Map<string, string>;
  /** Distinct adverse events (by identifier) of the Group's subjects, per Patient ID. */
  adverseEvents: Map<string, number>;
  /** Distinct response assessments (DiagnosticReport, by identifier) per Patient ID. */
  assessments: Map<string, number>;
}

const firstValue = (r: Resource) => (Array.isArray(r.identifier) ? r.identifier[0]?.value : r.identifier?.value);
const patientIdOf = (r: Resource) => r.subject?.reference.replace(/^Patient\//, "") ?? "";

function distinctPerSubject(records: Resource[], members: Set<string>): Map<string, number> {
  const seen = new Map<string, Set<string>>();
  for (const r of records) {
    const subject = patientIdOf(r);
    if (!members.has(subject)) continue;
    seen.set(subject, (seen.get(subject) ?? new Set()).add(firstValue(r) ?? r.id ?? ""));
  }
  return new Map([...seen].map(([s, keys]) => [s, keys.size]));
}

export async function studyFacts(request: APIRequestContext, qa: QaEnv): Promise<StudyFacts> {
  const bearer = await token(request, qa);
  const q = `researchstudy=${encodeURIComponent(qa.study)}&_count=1000`;
  const [groups, patients, aes, reports] = await Promise.all(
    ["Group", "Patient", "AdverseEvent", "DiagnosticReport"].map((k) => searchAll(request, qa, bearer, `${k}?${q}`)),
  );
  const members = (groups[0]?.member as { entity: { reference: string } }[] | undefined) ?? [];
  const subjects = members.map((m) => m.entity.reference.replace(/^Patient\//, ""));
  const patientOf = new Map<string, string>();
  for (const p of patients) {
    const ids = (Array.isArray(p.identifier) ? p.identifier : []) as { system?: string; value: string }[];
    const number = ids.find((i) => i.system?.endsWith("#SubjectStudyId"))?.value;
    if (number && p.id) patientOf.set(number, p.id);
  }
  const memberIds = new Set(subjects.map((s) => patientOf.get(s)).filter((id): id is string => id !== undefined));
  return {
    subjects,
    patientOf,
    adverseEvents: distinctPerSubject(aes, memberIds),
    assessments: distinctPerSubject(reports, memberIds),
  };
}

export const total = (counts: Map<string, number>) => [...counts.values()].reduce((a, b) => a + b, 0);
