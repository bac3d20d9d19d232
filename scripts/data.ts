/**
 * `npm run data -- demo [--reset] [--no-imperfections]`: create the demo database at PARTNER_DB_PATH when missing.
 * `npm run data -- generate --out <file> --subjects <n> --visits <n> [--seed <n>] [--study <number>]
 * [--demo-partners] [--no-imperfections]`: create a database with one RECIST 1.1 study of the given size
 * (benchmarks); with --demo-partners it also holds the demo partners, whose secrets are published (a server outside
 * demo mode refuses such a database). --no-imperfections (or DEMO_IMPERFECTIONS=0) leaves out the generator's
 * deliberate imperfections, so that every record follows the rules. --cuts <n> makes the generated data the
 * n-th data cut, with the earlier ones recorded (default 1: none).
 * `npm run data -- advance [--db <file>]`: move the database (default PARTNER_DB_PATH) to its next data cut and
 * say what changed (docs/partner-service.md, Data cuts); `rewind --to <cut>` moves it back to an earlier one.
 */
import { existsSync, rmSync } from "node:fs";
import { intFlag, parseArgs, run } from "@/lib/cli/args";
import { env } from "@/lib/config/env";
import { advance, changesOfCut, currentCut, cutSummary, rewind } from "@/partner-service/data/cuts/data-cuts";
import { seedDemoPartners } from "@/partner-service/data/demo-partners";
import { demoStudies } from "@/partner-service/data/generator/generate-dataset";
import { createDatabase, openDatabase } from "@/partner-service/data/open";
import { demoCreateOptions } from "@/partner-service/instance";

function report(path: string, r: { rows: Record<string, number>; ms: number }) {
  const rows = Object.entries(r.rows)
    .map(([k, v]) => `${k} ${v}`)
    .join(", ");
  console.log(`Created ${path} in ${(r.ms / 1000).toFixed(1)} s: ${rows}`);
}

/** --no-imperfections turns them off; without it, DEMO_IMPERFECTIONS decides (on by default). */
function imperfections(flags: Record<string, string>): boolean {
  const flag = flags["no-imperfections"];
  if (flag === undefined) return env().DEMO_IMPERFECTIONS;
  if (flag !== "true") throw new Error("--no-imperfections takes no value.");
  return false;
}

/** advance or rewind the database at --db (default PARTNER_DB_PATH), and say what the cut changed. */
function moveCut(command: "advance" | "rewind", flags: Record<string, string>): void {
  const path = flags.db ?? env().PARTNER_DB_PATH;
  if (!existsSync(path)) throw new Error(`${path} does not exist: create it with \`npm run data -- demo\` first.`);
  const db = openDatabase(path);
  try {
    if (command === "rewind") {
      rewind(db, intFlag(flags, "to", 1));
      console.log(`${path} is now at data cut ${currentCut(db)} (later cuts stay recorded: advance).`);
    } else {
      const cut = advance(db);
      console.log(`${path} is now at data cut ${cut}:`);
      for (const line of cutSummary(changesOfCut(db, cut))) console.log(`  ${line}`);
    }
  } finally {
    db.close();
  }
}

run(async () => {
  const {
    positional: [command],
    flags,
  } = parseArgs(process.argv.slice(2));
  if (command === "demo") {
    const path = env().PARTNER_DB_PATH;
    if (flags.reset === "true") for (const file of [path, `${path}-wal`, `${path}-shm`]) rmSync(file, { force: true });
    if (existsSync(path)) return console.log(`Demo database ${path} exists (use --reset to recreate it).`);
    return report(path, await createDatabase(path, { ...demoCreateOptions(), imperfections: imperfections(flags) }));
  }
  if (command === "generate") {
    const out = flags.out;
    if (!out) throw new Error("--out <file> is required.");
    if (existsSync(out)) throw new Error(`${out} exists; remove it first.`);
    const [template] = demoStudies();
    const study = {
      ...template,
      studyNumber: flags.study ?? "ONC-101",
      subjects: intFlag(flags, "subjects", 1000),
      visits: intFlag(flags, "visits", 48),
    };
    const demoPartners = flags["demo-partners"] === "true";
    report(
      out,
      await createDatabase(out, {
        seed: intFlag(flags, "seed", env().DEMO_SEED),
        studies: [study],
        imperfections: imperfections(flags),
        cuts: { latest: intFlag(flags, "cuts", 1) },
        register: demoPartners ? seedDemoPartners : undefined,
      }),
    );
    return console.log(
      demoPartners
        ? "It holds the demo partners (published secrets): serve it only in demo mode (DEMO_MODE=1)."
        : "It holds no partners: register them with `npm run partners -- add` (PARTNER_DB_PATH=<file>).",
    );
  }
  if (command === "advance" || command === "rewind") return moveCut(command, flags);
  console.log(
    [
      "Usage: npm run data -- demo [--reset] [--no-imperfections]",
      "       npm run data -- generate --out <file> --subjects <n> --visits <n> [--seed <n>] [--study <number>]",
      "                                [--demo-partners] [--no-imperfections] [--cuts <n>]",
      "       npm run data -- advance [--db <file>]",
      "       npm run data -- rewind --to <cut> [--db <file>]",
    ].join("\n"),
  );
  process.exitCode = command ? 1 : 0;
});
