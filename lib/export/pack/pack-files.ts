/**
 * The files of a study's pack, in the order they are written: each SDTM dataset as CSV and as Dataset-JSON, the
 * derived tables as CSV, then the data dictionary (manifest.json comes last, written by write-study-pack.ts).
 */
import type { SdtmDataset } from "@/lib/clinical/sdtm/dataset";
import { csvFile } from "./csv-file";
import { dictionaryFiles } from "./data-dictionary";
import { type DatasetJsonAbout, datasetJsonFile } from "./dataset-json-file";
import { derivedTables } from "./derived-tables";
import type { ExportPackData } from "./pack-data";
import type { PackFile } from "./pack-file";

export const MANIFEST_NAME = "manifest.json";

function datasetFiles(dataset: SdtmDataset, about: DatasetJsonAbout): PackFile[] {
  const names = dataset.variables.map((v) => v.name);
  const rows = function* () {
    for (const record of dataset.records()) yield names.map((n) => record[n] ?? null);
  };
  return [
    csvFile(`sdtm/${dataset.name}.csv`, names, dataset.count, rows),
    datasetJsonFile(`sdtm/${dataset.name}.json`, dataset, about),
  ];
}

export function packFiles(data: ExportPackData, about: DatasetJsonAbout): PackFile[] {
  const tables = derivedTables(data);
  const dictionary = dictionaryFiles([
    ...data.datasets.map((d) => ({
      files: [`sdtm/${d.name}.csv`, `sdtm/${d.name}.json`],
      name: d.name,
      label: d.label,
      variables: d.variables,
    })),
    ...tables.map((t) => ({ files: [`derived/${t.name}`], name: t.name, label: t.title, variables: t.columns })),
  ]);
  return [
    ...data.datasets.flatMap((d) => datasetFiles(d, about)),
    ...tables.map((t) =>
      csvFile(
        `derived/${t.name}`,
        t.columns.map((c) => c.name),
        t.rows.length,
        () => t.rows,
      ),
    ),
    ...dictionary,
  ];
}
