import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ZodError } from "zod";
import type { Store, StoreKind } from "@/lib/store/store";
import { STORE_KINDS, testStore } from "@/lib/store/testing";
import { MAX_TABLES_PER_USER, tableKey } from "./table-column-rules";
import { clearTableColumns, saveTableColumns, tableColumnChoices } from "./table-columns";
import { insertUserRow } from "./testing";

const OVERVIEW = "laboratory.overview";

/**
 * How each database words its own refusals. PostgreSQL's check reads the text as jsonb, so text that is not JSON
 * fails in that cast rather than as a false check.
 */
const REFUSED: Record<StoreKind, { foreignKey: RegExp; check: RegExp; notJson: RegExp }> = {
  sqlite: {
    foreignKey: /FOREIGN KEY constraint failed/,
    check: /CHECK constraint failed/,
    notJson: /CHECK constraint failed/,
  },
  postgres: {
    foreignKey: /violates foreign key constraint/,
    check: /violates check constraint "table_columns_/,
    notJson: /invalid input syntax for type json/,
  },
};

it("names a table by its export key's view and table", () => {
  expect(tableKey({ view: "laboratory", table: "overview" })).toBe(OVERVIEW);
  expect(tableKey({ view: "tumour-response/subject", table: "assessments" })).toBe(
    "tumour-response/subject.assessments",
  );
});

describe.each(STORE_KINDS)("column choices (%s)", (kind) => {
  let store: Store;
  let ana: number;
  let bo: number;
  beforeEach(async () => {
    store = await testStore(kind);
    ana = await insertUserRow(store, "ana@example.org");
    bo = await insertUserRow(store, "bo@example.org");
  });
  afterEach(async () => store.close());

  const rows = async () => {
    const { n } = await store.db
      .selectFrom("table_columns")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    return Number(n);
  };

  describe("a user's column choices", () => {
    it("reads no choice for a user who changed nothing", async () => {
      expect(await tableColumnChoices(store, ana)).toEqual({});
    });

    it("keeps each user's own choice per table, replaced when saved again", async () => {
      await saveTableColumns(store, ana, OVERVIEW, { median: true, service: false });
      await saveTableColumns(store, ana, "subjects.list", { race: false });
      await saveTableColumns(store, bo, OVERVIEW, { min: true });
      expect(await tableColumnChoices(store, ana)).toEqual({
        [OVERVIEW]: { median: true, service: false },
        "subjects.list": { race: false },
      });
      expect(await tableColumnChoices(store, bo)).toEqual({ [OVERVIEW]: { min: true } });
      await saveTableColumns(store, ana, OVERVIEW, { max: true });
      expect((await tableColumnChoices(store, ana))[OVERVIEW]).toEqual({ max: true });
      expect(await rows()).toBe(3);
    });

    it("clears a table's choice: by clearing it, or by saving no column", async () => {
      await saveTableColumns(store, ana, OVERVIEW, { median: true });
      await saveTableColumns(store, ana, "subjects.list", { race: false });
      await clearTableColumns(store, ana, OVERVIEW);
      expect(await tableColumnChoices(store, ana)).toEqual({ "subjects.list": { race: false } });
      await saveTableColumns(store, ana, "subjects.list", {});
      expect(await tableColumnChoices(store, ana)).toEqual({});
      expect(await rows()).toBe(0);
    });

    it("goes with the user", async () => {
      await saveTableColumns(store, ana, OVERVIEW, { median: true });
      await saveTableColumns(store, bo, OVERVIEW, { median: true });
      await store.db.deleteFrom("users").where("id", "=", ana).execute();
      expect(await store.db.selectFrom("table_columns").select("user_id").execute()).toEqual([{ user_id: bo }]);
    });

    it("refuses a choice for no user", async () => {
      await expect(saveTableColumns(store, 999, OVERVIEW, { median: true })).rejects.toThrow(REFUSED[kind].foreignKey);
      expect(await rows()).toBe(0);
    });
  });

  describe("the bounds", () => {
    it.each([
      ["a key without a table", "laboratory"],
      ["upper case", "Laboratory.overview"],
      ["a path beyond three parts", "a/b/c/d.list"],
      ["a space", "laboratory.over view"],
      ["121 characters", `${"a".repeat(40)}/${"b".repeat(40)}/${"c".repeat(34)}.list`],
    ])("refuses a table key with %s", async (_, key) => {
      await expect(saveTableColumns(store, ana, key, { median: true })).rejects.toThrow(ZodError);
      expect(await rows()).toBe(0);
    });

    it("takes a key of 120 characters", async () => {
      const key = `${"a".repeat(40)}/${"b".repeat(40)}/${"c".repeat(33)}.list`;
      expect(key).toHaveLength(120);
      await saveTableColumns(store, ana, key, { median: true });
      expect(Object.keys(await tableColumnChoices(store, ana))).toEqual([key]);
    });

    it.each([
      ["an ID starting with a digit", { "1st": true }],
      ["an ID with a dot", { "a.b": true }],
      ["an ID of 65 characters", { [`a${"b".repeat(64)}`]: true }],
      ["a value that is not a boolean", { median: 1 }],
      ["101 columns", Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`c${i}`, true]))],
    ])("refuses choices with %s", async (_, choices) => {
      await expect(saveTableColumns(store, ana, OVERVIEW, choices as Record<string, boolean>)).rejects.toThrow(
        ZodError,
      );
      expect(await rows()).toBe(0);
    });

    it("takes 100 columns, of IDs up to 64 characters", async () => {
      const choices = Object.fromEntries(
        Array.from({ length: 100 }, (_, i) => [`c${i}${"x".repeat(60)}`, i % 2 === 0]),
      );
      await saveTableColumns(store, ana, OVERVIEW, choices);
      expect((await tableColumnChoices(store, ana))[OVERVIEW]).toEqual(choices);
    });

    it(`keeps ${MAX_TABLES_PER_USER} tables a user, dropping the one updated longest ago`, async () => {
      const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute));
      for (let i = 0; i < MAX_TABLES_PER_USER; i++)
        await saveTableColumns(store, ana, `view-${i}.list`, { a: true }, at(i));
      await saveTableColumns(store, bo, "view-0.list", { a: true }, at(0));
      // Table 0 saved again: table 1 is now the oldest.
      await saveTableColumns(store, ana, "view-0.list", { a: false }, at(500));
      await saveTableColumns(store, ana, "fresh.list", { a: true }, at(501));
      const kept = Object.keys(await tableColumnChoices(store, ana));
      expect(kept).toHaveLength(MAX_TABLES_PER_USER);
      expect(kept).toContain("fresh.list");
      expect(kept).toContain("view-0.list");
      expect(kept).not.toContain("view-1.list");
      expect(kept).toContain("view-2.list");
      // Another user's tables are not counted.
      expect(await tableColumnChoices(store, bo)).toEqual({ "view-0.list": { a: true } });
    });

    it("never drops the table just saved, even with a clock behind the others", async () => {
      for (let i = 0; i < MAX_TABLES_PER_USER; i++)
        await saveTableColumns(store, ana, `view-${i}.list`, { a: true }, new Date(Date.UTC(2026, 0, 2)));
      await saveTableColumns(store, ana, "late.list", { a: true }, new Date(Date.UTC(2026, 0, 1)));
      const kept = Object.keys(await tableColumnChoices(store, ana));
      expect(kept).toHaveLength(MAX_TABLES_PER_USER);
      expect(kept).toContain("late.list");
    });

    it("keeps the bound when one user's saves come at once, as from several instances", async () => {
      const more = MAX_TABLES_PER_USER + 10;
      await Promise.all(
        Array.from({ length: more }, (_, i) => saveTableColumns(store, ana, `view-${i}.list`, { a: true })),
      );
      expect(Object.keys(await tableColumnChoices(store, ana))).toHaveLength(MAX_TABLES_PER_USER);
      expect(await rows()).toBe(MAX_TABLES_PER_USER);
    });

    it("refuses in the schema what did not come through the store", async () => {
      const insert = (table_key: string, choices: string) =>
        store.db
          .insertInto("table_columns")
          .values({ user_id: ana, table_key, choices, updated_at: "2026-01-01T00:00:00.000Z" })
          .execute();
      await expect(insert(OVERVIEW, "[true]")).rejects.toThrow(REFUSED[kind].check);
      await expect(insert(OVERVIEW, "{median")).rejects.toThrow(REFUSED[kind].notJson);
      await expect(insert("x".repeat(121), "{}")).rejects.toThrow(REFUSED[kind].check);
      expect(await rows()).toBe(0);
    });
  });
});
