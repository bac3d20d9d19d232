import { describe, expect, it } from "vitest";
import { cellClass } from "./cell-class";
import styles from "./data-table.module.css";

describe("cellClass", () => {
  const text = { id: "v", header: "V" };
  const id = { ...text, nowrap: true };
  it.each([
    ["a number column", { ...text, type: "number" as const }, { v: 12 }, styles.number],
    ["a date", text, { v: "2023-03-26" }, styles.word],
    ["an ID with hyphens", text, { v: "ONC-101-MRN242192-1-1" }, styles.word],
    ["a short phrase", text, { v: "Recovered / resolved" }, styles.word],
    ["words past a short phrase", text, { v: "Not Hispanic or Latino" }, styles.prose],
    ["33 characters without a space", text, { v: "x".repeat(33) }, styles.prose],
    ["32 characters without a space", text, { v: "x".repeat(32) }, styles.word],
    ["an identifier column's long value", id, { v: "ONC-101-0001 (screened twice, enrolled)" }, styles.word],
    ["no value", text, {}, undefined],
  ])("%s", (_, column, row, expected) => {
    expect(styles.word).toBeTruthy();
    expect(styles.prose).toBeTruthy();
    expect(cellClass(column, row)).toBe(expected);
  });
});
