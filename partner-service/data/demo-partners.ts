/**
 * The demo partner registry. These credentials are published in the README
 * and exist only in databases created with demo data (the demo database, and
 * `npm run data -- generate --demo-partners` for the benchmarks); outside demo
 * mode the service refuses to start while one of them still works.
 */
import type { Database } from "better-sqlite3";
import { verifySecret } from "../secrets";
import { addPartner, findClient, grant } from "./partner-registry";

export const DEMO_PARTNERS = [
  {
    partnerId: "NORTHSTAR",
    name: "Northstar Oncology Research Network",
    clientId: "northstar-portal",
    clientSecret: "demo-northstar-7f3c9a1e5b",
    studies: ["ONC-101", "CARD-201"],
  },
  {
    partnerId: "LAKESIDE",
    name: "Lakeside Clinical Research",
    clientId: "lakeside-portal",
    clientSecret: "demo-lakeside-2d8e4b6f0c",
    studies: ["ONC-102"],
  },
] as const;

export async function seedDemoPartners(db: Database): Promise<void> {
  for (const p of DEMO_PARTNERS) {
    await addPartner(db, p.partnerId, p.name, p.clientId, p.clientSecret);
    for (const s of p.studies) grant(db, p.partnerId, s);
  }
}

/** The demo clients that are enabled and still accept their published secret. */
export async function liveDemoClients(db: Database): Promise<string[]> {
  const live: string[] = [];
  for (const p of DEMO_PARTNERS) {
    const client = findClient(db, p.clientId);
    if (client && (await verifySecret(p.clientSecret, client.secretHash))) live.push(p.clientId);
  }
  return live;
}

/**
 * Outside demo mode a database whose demo clients still accept the published secrets is refused: anyone who
 * read the README could read those partners' studies (docs/partner-service.md, Configuration).
 */
export async function refuseLiveDemoClients(db: Database, path: string): Promise<void> {
  const live = await liveDemoClients(db);
  if (live.length === 0) return;
  throw new Error(
    [
      `The partner service cannot start outside demo mode: in ${path} the demo client(s) ${live.join(", ")}`,
      "still accept the client secrets published in the README. For each, give it a new secret",
      "(`npm run partners -- rotate-secret <client-id>`) or disable it (`npm run partners -- disable-client",
      "<client-id>`); or, for a demo, start with DEMO_MODE=1.",
    ].join("\n"),
  );
}
