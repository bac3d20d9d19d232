/**
 * The Columns chooser's rule (key columns always, the others by the reader's choice or the table's default, a
 * column in use always), and a choice as kept: only what differs from the table's defaults.
 */
import { describe, expect, it } from "vitest";
import type { DataColumn } from "@/lib/tables/types";
import { isShown, offersChooser, withChoice } from "./column-choice";

const subject: DataColumn = { id: "subject", header: "Subject", priority: "key" };
const sex: DataColumn = { id: "sex", header: "Sex" };
const median: DataColumn = { id: "median", header: "Median", priority: "hidden-by-default" };
const none = new Set<string>();

describe("which columns are shown", () => {
  it("shows a key column whatever the reader chose", () => {
    expect(isShown(subject, { subject: false }, none)).toBe(true);
  });
  it("shows a plain column and hides a hidden-by-default one until the reader chooses", () => {
    expect(isShown(sex, {}, none)).toBe(true);
    expect(isShown(median, {}, none)).toBe(false);
    expect(isShown(sex, { sex: false }, none)).toBe(false);
    expect(isShown(median, { median: true }, none)).toBe(true);
  });
  it("shows a column that sorts or filters the rows, though hidden", () => {
    expect(isShown(sex, { sex: false }, new Set(["sex"]))).toBe(true);
    expect(isShown(median, {}, new Set(["median"]))).toBe(true);
  });
  it("offers a chooser where a table declares key columns and has others", () => {
    expect(offersChooser([subject, sex, median])).toBe(true);
    expect(offersChooser([sex, median])).toBe(false);
    expect(offersChooser([subject])).toBe(false);
  });
});

describe("a choice as kept", () => {
  it("names a column the reader moved away from its default", () => {
    expect(withChoice({}, sex, false)).toEqual({ sex: false });
    expect(withChoice({ sex: false }, median, true)).toEqual({ sex: false, median: true });
  });
  it("forgets a column chosen back to its default, so that choosing box by box back to the defaults keeps none", () => {
    expect(withChoice({ sex: false, median: true }, sex, true)).toEqual({ median: true });
    expect(withChoice({ median: true }, median, false)).toEqual({});
  });
  it("reads only the choice's own columns, not what every object inherits", () => {
    const inherited: DataColumn = { id: "constructor", header: "Constructor", priority: "hidden-by-default" };
    const named: DataColumn = { id: "toString", header: "To string" };
    expect(isShown(inherited, {}, none)).toBe(false);
    expect(isShown(named, {}, none)).toBe(true);
  });
});
