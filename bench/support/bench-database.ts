/** The benchmark study's database (created when missing) and a report that prints and keeps its lines. */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { intFlag } from "@/lib/cli/args";
import { seedDemoPartners } from "@/partner-service/data/demo-partners";
import { demoStudies } from "@/partner-service/data/generator/generate-dataset";
import { createDatabase } from "@/partner-service/data/open";

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
