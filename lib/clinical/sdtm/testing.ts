/**
 * For the domains' tests: a dataset's records, each checked to carry exactly the variables it declares (those always
 * empty excepted: the files write them empty).
 */
import { expect } from "vitest";
import { filledVariables, type SdtmDataset, type SdtmRecord } from "./dataset";

export function recordsOf(dataset: SdtmDataset): SdtmRecord[] {
  const rows = [...dataset.records()];
  expect(rows).toHaveLength(dataset.count);
  const names = filledVariables(dataset.variables)
    .map((v) => v.name)
    .sort();
  for (const row of rows) expect(Object.keys(row).sort()).toEqual(names);
  return rows;
}

/** The records with only some of their variables, for tables that check a few at a time. */
export const pick = (rows: readonly SdtmRecord[], ...names: string[]) =>
  rows.map((r) => Object.fromEntries(names.map((n) => [n, r[n]])));
