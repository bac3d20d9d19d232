/**
 * A dataset as CDISC Dataset-JSON 1.1 (docs/export-pack.md, Dataset-JSON): the top-level attributes in the order
 * the specification asks (so that a streaming reader meets `records` and `columns` before the rows), one column
 * per variable with itemOID, name, label and dataType (and keySequence for the dataset's keys), then the rows as
 * arrays, written one piece at a time. Missing values are null, and so is every value of a variable always empty.
 */
import type { SdtmDataset } from "@/lib/clinical/sdtm/dataset";
import type { PackFile } from "./pack-file";
import { pieces } from "./pack-file";

export const DATASET_JSON_VERSION = "1.1.0";

export interface DatasetJsonAbout {
  /** When the pack was made, ISO 8601 (datasetJSONCreationDateTime). */
  createdAt: string;
  /** The data's "as of" time, ISO 8601 (dbLastModifiedDateTime: on or before createdAt). */
  dataAsOf: string;
  study: string;
  portalVersion: string;
}

/** Everything before the rows, as Dataset-JSON 1.1 orders it. */
export function datasetJsonHeader(dataset: SdtmDataset, about: DatasetJsonAbout) {
  return {
    datasetJSONCreationDateTime: about.createdAt,
    datasetJSONVersion: DATASET_JSON_VERSION,
    fileOID: `${about.study}.${dataset.name}`,
    dbLastModifiedDateTime: about.dataAsOf,
    originator: "Study Portal",
    sourceSystem: { name: "Study Portal", version: about.portalVersion },
    studyOID: about.study,
    itemGroupOID: `IG.${dataset.name}`,
    records: dataset.count,
    name: dataset.name,
    label: dataset.label,
    columns: dataset.variables.map((v) => {
      const key = dataset.keys.indexOf(v.name);
      return {
        itemOID: `IT.${dataset.name}.${v.name}`,
        name: v.name,
        label: v.label,
        dataType: v.dataType,
        ...(key < 0 ? {} : { keySequence: key + 1 }),
      };
    }),
  };
}

export function datasetJsonFile(name: string, dataset: SdtmDataset, about: DatasetJsonAbout): PackFile {
  const head = JSON.stringify(datasetJsonHeader(dataset, about));
  return {
    name,
    rows: dataset.count,
    *chunks(wrote) {
      // The header object without its closing brace, then the rows array, then the brace.
      yield `${head.slice(0, -1)},"rows":[`;
      yield* pieces(rowTexts(dataset), wrote, ",");
      yield "]}";
    },
  };
}

function* rowTexts(dataset: SdtmDataset): Generator<string> {
  const names = dataset.variables.map((v) => v.name);
  for (const record of dataset.records()) yield JSON.stringify(names.map((n) => record[n] ?? null));
}
