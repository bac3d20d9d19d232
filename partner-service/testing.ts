/**
 * In-process service for tests: a real SQLite database in memory, the real
 * service function, and a `fetch` that calls it without a socket.
 */
import Database from "better-sqlite3";
import { migrate } from "@/lib/sqlite/migrate";
import type { PartnerCredentials } from "@/partner-api/credentials";
import { API_PATH, TOKEN_PATH } from "@/partner-api/paths";
import { noFaults, type ServiceConfig } from "./config";
import { DEMO_PARTNERS, seedDemoPartners } from "./data/demo-partners";
import { demoStudies, generateDataset } from "./data/generator/generate-dataset";
import { serviceMigrations } from "./data/service-migrations";
import { createPartnerService, type PartnerService } from "./service";

export const TEST_BASE = "http://partner.test";
export const TEST_API = `${TEST_BASE}${API_PATH}`;
export const TEST_TOKEN_URL = `${TEST_BASE}${TOKEN_PATH}`;

export const testConfig = (over: Partial<ServiceConfig> = {}): ServiceConfig => ({
  baseUrl: TEST_BASE,
  structureBase: "https://sb.test/StructureDefinition",
  ctcBase: "https://ctc.test/ctcae",
  tokenTtlSeconds: 3600,
  rateLimitPerMinute: 0,
  tokenFailuresPerMinute: 30,
  tokenFailuresPerSourcePerMinute: 300,
  // Off like the rate limit, so that a test's unread bodies and large pages limit nothing unless it asks.
  inFlightPerClient: 0,
  rowsPerMinute: 0,
  faults: noFaults,
  ...over,
});

export interface TestService {
  db: Database.Database;
  service: PartnerService;
  /** A fetch whose requests come from TEST_ADDRESS. */
  fetch: typeof fetch;
  /** A fetch whose requests come from `address`. */
  fetchFrom(address: string): typeof fetch;
  clock: { now: number };
}

/** The source address of `TestService.fetch` (a documentation address, RFC 5737). */
export const TEST_ADDRESS = "192.0.2.10";

/** What createTestService generates: subjects and visits of the demo studies, the generator's seed (7 unless told). */
export type TestData = { subjects: number; visits: number; seed?: number; imperfections?: boolean };

/** A service database in memory with the demo partners: registry only, or with generated data when `data` is given. */
export async function createTestDatabase(data?: TestData): Promise<Database.Database> {
  const db = new Database(":memory:");
  migrate(db, serviceMigrations);
  if (data) {
    const { seed = 7, imperfections } = data;
    generateDataset(db, { seed, studies: demoStudies(data), imperfections });
  }
  await seedDemoPartners(db);
  return db;
}

/** An empty registry-only database, or one with generated data when `data` is given. */
export async function createTestService(
  opts: { data?: TestData; config?: Partial<ServiceConfig> } = {},
): Promise<TestService> {
  const db = await createTestDatabase(opts.data);
  const clock = { now: Date.UTC(2026, 0, 1) };
  const service = createPartnerService(db, testConfig(opts.config), () => clock.now);
  const fetchFrom = (sourceAddress: string) =>
    (async (input: RequestInfo | URL, init?: RequestInit) =>
      service.handle(new Request(input, init), { sourceAddress })) as typeof fetch;
  return { db, service, fetch: fetchFrom(TEST_ADDRESS), fetchFrom, clock };
}

export type DemoPartner = (typeof DEMO_PARTNERS)[number];
export const northstar: DemoPartner = DEMO_PARTNERS[0];
export const lakeside: DemoPartner = DEMO_PARTNERS[1];
/**
 * A demo partner's client credentials at a service (the in-process one unless told), as a portal connection holds
 * them.
 */
export const credsOf = (
  partner: DemoPartner,
  baseUrl = TEST_BASE,
  over: Partial<PartnerCredentials> = {},
): PartnerCredentials => ({
  baseUrl,
  partnerId: partner.partnerId,
  clientId: partner.clientId,
  clientSecret: partner.clientSecret,
  ...over,
});
/** Northstar's client credentials at the in-process service. */
export const northstarCreds = credsOf(northstar);

export async function getToken(t: TestService, partner: DemoPartner = northstar): Promise<string> {
  const res = await t.fetch(TEST_TOKEN_URL, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      client_id: partner.clientId,
      client_secret: partner.clientSecret,
      grant_type: "client_credentials",
      scope: "full",
    }),
  });
  if (res.status !== 200) throw new Error(`token request failed: ${res.status}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** GET a data path with a token for `partner`. */
export async function getData(
  t: TestService,
  pathAndQuery: string,
  partner: DemoPartner = northstar,
  token?: string,
): Promise<Response> {
  const bearer = token ?? (await getToken(t, partner));
  return t.fetch(`${TEST_API}/${pathAndQuery}`, {
    headers: { authorization: `Bearer ${bearer}`, "x-partnerid": partner.partnerId },
  });
}
