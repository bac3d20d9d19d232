/**
 * The Columns chooser's rule (key columns always, the others by the reader's choice or the table's default, a
 * column in use always) and its memory in the browser's localStorage, under the table's export key.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { DataColumn } from "@/lib/tables/types";
import { choiceStorageKey, isShown, keepChoices, offersChooser, parseChoices, storedChoices } from "./column-choice";

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

describe("the choices as kept", () => {
  it.each([
    ["nothing kept", null, {}],
    ["an object of booleans", '{"sex":false,"median":true}', { sex: false, median: true }],
    ["other values left out", '{"sex":"no","median":true}', { median: true }],
    ["an array", "[true]", {}],
    ["text that is not JSON", "{sex", {}],
  ])("%s", (_, text, expected) => expect(parseChoices(text)).toEqual(expected));
});

describe("the memory in localStorage", () => {
  let items: Map<string, string>;
  let events: string[];
  beforeEach(() => {
    items = new Map();
    events = [];
    vi.stubGlobal("window", {
      localStorage: {
        getItem: (k: string) => items.get(k) ?? null,
        setItem: (k: string, v: string) => items.set(k, v),
        removeItem: (k: string) => items.delete(k),
      },
      dispatchEvent: (e: Event) => events.push(e.type),
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  const key = choiceStorageKey({ view: "laboratory", table: "overview" });

  it("is keyed by the table's view and table", () => {
    expect(key).toBe("study-portal.columns.laboratory.overview");
    expect(choiceStorageKey({ view: "subjects", table: "list" })).not.toBe(key);
  });

  it("keeps a choice for the next visit, and tells the page's other tables", () => {
    expect(storedChoices(key)).toEqual({});
    expect(keepChoices(key, { median: true, ranges: false })).toBe(true);
    expect(storedChoices(key)).toEqual({ median: true, ranges: false });
    expect(storedChoices(choiceStorageKey({ view: "laboratory", table: "results" }))).toEqual({});
    expect(events).toHaveLength(1);
  });

  it("forgets the choice when the reader goes back to the defaults", () => {
    keepChoices(key, { median: true });
    keepChoices(key, {});
    expect(items.has(key)).toBe(false);
    expect(storedChoices(key)).toEqual({});
  });

  it("says so where storage refuses, and reads no choice", () => {
    vi.stubGlobal("window", {
      localStorage: {
        getItem: () => {
          throw new Error("denied");
        },
        setItem: () => {
          throw new Error("denied");
        },
      },
      dispatchEvent: () => true,
    });
    expect(keepChoices(key, { median: true })).toBe(false);
    expect(storedChoices(key)).toEqual({});
  });
});
