/**
 * The demo partner registry. These credentials are published in the README
 * and exist only in databases created with demo data.
 */
import type { Database } from "better-sqlite3";
import { addPartner, grant } from "./partner-registry";

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
