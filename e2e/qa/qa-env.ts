/**
 * The one reader of the QA suite's settings (QA_* environment variables, docs/testing.md, "QA against a deployment").
 * Every missing or malformed variable is named in one error, before any browser starts. The password and the client
 * secret never appear in a message: `describeQaEnv` masks them for the run's header.
 */

export interface QaEnv {
  /** The portal under test, e.g. https://portal.example.org (no trailing slash). */
  baseUrl: string;
  email: string;
  password: string;
  /** The partner service the suite's own connection points at, as the portal's allow-list holds it. */
  partnerUrl: string;
  partnerId: string;
  clientId: string;
  clientSecret: string;
  /** A study the partner grants, with subjects, adverse events and response assessments. */
  study: string;
  /** A study the partner does not grant; when not set, a study number that exists nowhere (refused the same way). */
  ungrantedStudy: string;
}

const STUDY_NUMBER = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

type Rule = { key: keyof QaEnv; name: string; check?: (v: string) => string | undefined };

const httpUrl = (v: string) => {
  try {
    const u = new URL(v);
    return /^https?:$/.test(u.protocol) ? undefined : "must start with http:// or https://";
  } catch {
    return "must be an address such as https://portal.example.org";
  }
};
const studyNumber = (v: string) =>
  STUDY_NUMBER.test(v) ? undefined : "must be a study number (letters, digits, '.', '_', '-')";

const RULES: Rule[] = [
  { key: "baseUrl", name: "QA_BASE_URL", check: httpUrl },
  { key: "email", name: "QA_EMAIL" },
  { key: "password", name: "QA_PASSWORD" },
  { key: "partnerUrl", name: "QA_PARTNER_URL", check: httpUrl },
  { key: "partnerId", name: "QA_PARTNER_ID" },
  { key: "clientId", name: "QA_CLIENT_ID" },
  { key: "clientSecret", name: "QA_CLIENT_SECRET" },
  { key: "study", name: "QA_STUDY", check: studyNumber },
];

/** A study number no partner holds: a 403 like a study not granted, since the service answers both alike. */
export const noSuchStudy = () => `QA-NONE-${Math.random().toString(36).slice(2, 8).toUpperCase()}`;

/** The settings from the environment, or an error naming every variable that is missing or wrong. */
export function readQaEnv(env: Record<string, string | undefined>): QaEnv {
  const problems: string[] = [];
  const out: Partial<QaEnv> = {};
  for (const rule of RULES) {
    const value = env[rule.name]?.trim();
    if (!value) problems.push(`${rule.name} is not set`);
    else {
      const wrong = rule.check?.(value);
      if (wrong) problems.push(`${rule.name} ${wrong}`);
      out[rule.key] = value;
    }
  }
  const ungranted = env.QA_UNGRANTED_STUDY?.trim();
  if (ungranted && studyNumber(ungranted)) problems.push(`QA_UNGRANTED_STUDY ${studyNumber(ungranted)}`);
  if (problems.length > 0)
    throw new Error(
      `The QA suite cannot start: ${problems.join("; ")}. ` +
        "Set the QA_* variables as docs/testing.md (QA against a deployment) describes, " +
        "then run npm run test:qa again.",
    );
  const baseUrl = (out.baseUrl as string).replace(/\/+$/, "");
  const partnerUrl = (out.partnerUrl as string).replace(/\/+$/, "");
  return { ...(out as QaEnv), baseUrl, partnerUrl, ungrantedStudy: ungranted || noSuchStudy() };
}

/** The settings for a log line: the password and the client secret masked. */
export function describeQaEnv(qa: QaEnv): string {
  return [
    `portal ${qa.baseUrl} as ${qa.email} (password ***)`,
    `partner ${qa.partnerId} at ${qa.partnerUrl}, client ${qa.clientId} (secret ***)`,
    `study ${qa.study}, refused study ${qa.ungrantedStudy}`,
  ].join("; ");
}
