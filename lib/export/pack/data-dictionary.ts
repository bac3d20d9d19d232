/**
 * The pack's data dictionary (docs/export-pack.md, Data dictionary): every variable of every dataset and every
 * column of the derived tables, with its label, type, whether SDTM defines it, and where it comes from in the
 * partner data. As CSV and as JSON.
 */
import type { SdtmVariable } from "@/lib/clinical/sdtm/dataset";
import { csvFile } from "./csv-file";
import type { PackFile } from "./pack-file";

export interface DictionaryEntry {
  /** The files that hold the variables. */
  files: string[];
  name: string;
  label: string;
  variables: readonly SdtmVariable[];
}

const HEADER = ["dataset", "files", "variable", "label", "data_type", "sdtm", "source"];

export function dictionaryFiles(entries: readonly DictionaryEntry[]): PackFile[] {
  const rows = entries.flatMap((e) =>
    e.variables.map((v) => [e.name, e.files.join(" "), v.name, v.label, v.dataType, v.standard ? "Y" : "N", v.source]),
  );
  const json = JSON.stringify(
    entries.map((e) => ({
      dataset: e.name,
      label: e.label,
      files: e.files,
      variables: e.variables.map((v) => ({
        name: v.name,
        label: v.label,
        dataType: v.dataType,
        sdtm: v.standard,
        source: v.source,
      })),
    })),
    null,
    2,
  );
  return [
    csvFile("data-dictionary.csv", HEADER, rows.length, () => rows),
    {
      name: "data-dictionary.json",
      rows: rows.length,
      *chunks(wrote) {
        yield json;
        wrote(rows.length);
      },
    },
  ];
}
