/** The benchmark study's database (created when missing) and a report that prints and keeps its lines. */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import Database from "better-sqlite3";
import { intFlag } from "@/lib/cli/args";
import { DEMO_PARTNERS, seedDemoPartners } from "@/partner-service/data/demo-partners";
import { demoStudies } from "@/partner-service/data/generator/generate-dataset";
import { createDatabase } from "@/partner-service/data/open";
import { addClient, findClient } from "@/partner-service/data/partner-registry";

/** A partner's client credential as a benchmark's connection holds it. */
export interface BenchClient {
  partnerId: string;
  clientId: string;
  clientSecret: string;
}

/**
 * A second client of the demo partner that holds the benchmark study, for a cold load on the same service address:
 * the study cache keys its entries by address, partner ID and client ID (bench/support/load-cluster.ts). Its secret
 * is published here, as the demo clients' are: it opens only this benchmark's database.
 */
export const BENCH_COLD_CLIENT: BenchClient = {
  partnerId: DEMO_PARTNERS[0].partnerId,
  clientId: "northstar-bench-cold",
  clientSecret: "bench-cold-4e1d7a9c2f",
};

/** Adds BENCH_COLD_CLIENT to the benchmark database when it is missing (before any service opens the file). */
export async function ensureBenchColdClient(dbPath: string): Promise<void> {
  const db = new Database(dbPath);
  try {
    const c = BENCH_COLD_CLIENT;
    if (!findClient(db, c.clientId)) await addClient(db, c.partnerId, c.clientId, c.clientSecret);
  } finally {
    db.close();
  }
}

export async function benchDatabase(flags: Record<string, string>) {
  const subjects = intFlag(flags, "subjects", 1000);
  const visits = intFlag(flags, "visits", 48);
  const dbPath = `bench-data/partner-${subjects}x${visits}.db`;
  const study = { ...demoStudies()[0], subjects, visits };
  mkdirSync("bench-data", { recursive: true });
  if (!existsSync(dbPath)) {
    console.log(`Generating ${dbPath} (${subjects} subjects x ${visits} visits)…`);
    await createDatabase(dbPath, { seed: 20240601, studies: [study], register: seedDemoPartners });
  }
  return { dbPath, study, subjects, visits };
}

/** Lines printed as they come and written to `bench-data/<name>` at the end. */
export function benchReport(name: string) {
  const lines: string[] = [];
  return {
    log(s = "") {
      console.log(s);
      lines.push(s);
    },
    save: () => writeFileSync(`bench-data/${name}`, `${lines.join("\n")}\n`),
  };
}
