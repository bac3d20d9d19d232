/**
 * For the section's tests: a whole pack of a demo study, from the in-process partner service through the study
 * cache, written to memory and read back with yauzl. The other sections' views come from `parts` (the tests pass
 * the registry's, sections/exports.ts: a section imports no other section).
 */
import { parse } from "csv-parse/sync";
import type { Manifest } from "@/lib/export/pack/manifest";
import { memorySink, readZip } from "@/lib/export/pack/pack-test-support";
import { writeStudyPack } from "@/lib/export/pack/write-study-pack";
import { cachedStudy } from "@/lib/study/study-rows";
import { cacheWithLog } from "@/lib/study/testing";
import { credsOf, northstar, type TestService } from "@/partner-service/testing";
import { type ExportPackParts, loadExportPack } from "./load";

export async function demoPack(t: TestService, study: string, parts: ExportPackParts) {
  const data = await loadExportPack(cachedStudy(cacheWithLog(t.fetch).cache, credsOf(northstar), study), study, parts);
  const { sink, bytes } = memorySink();
  const progress: [number, number][] = [];
  const people = { connection: { name: "Trial site", partnerId: "NORTHSTAR" }, user: { email: "a@b.test", name: "A" } };
  const summary = await writeStudyPack(
    { data, ...people },
    sink,
    (f, r) => progress.push([f, r]),
    new AbortController().signal,
  );
  const zip = bytes();
  const files = await readZip(zip);
  const manifest = JSON.parse(files.get("manifest.json")!.toString("utf8")) as Manifest;
  return { summary, zip, files, manifest, progress };
}

export type DemoPack = Awaited<ReturnType<typeof demoPack>>;

export interface DatasetJson {
  name: string;
  columns: { name: string; dataType: string; keySequence?: number }[];
  rows: unknown[][];
}

/** The SDTM domains of a pack, by its Dataset-JSON files. */
export const sdtmDomains = (p: DemoPack) =>
  [...p.files.keys()].filter((n) => /^sdtm\/\w+\.json$/.test(n)).map((n) => n.slice(5, -5));

export const datasetJson = (p: DemoPack, domain: string) =>
  JSON.parse(p.files.get(`sdtm/${domain}.json`)!.toString("utf8")) as DatasetJson;

export const datasetCsv = (p: DemoPack, domain: string) =>
  parse(p.files.get(`sdtm/${domain}.csv`)!, { columns: true }) as Record<string, string>[];

/** A dataset's records as objects, from its Dataset-JSON file. */
export function datasetRecords(p: DemoPack, domain: string): Record<string, unknown>[] {
  const d = datasetJson(p, domain);
  return d.rows.map((row) => Object.fromEntries(d.columns.map((c, i) => [c.name, row[i]])));
}
