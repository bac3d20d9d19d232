/** A user's own settings (so far, how their CSV exports begin); a user without a row has the defaults. */
import type { Store } from "@/lib/store/store";

export interface UserSettings {
  /** Start CSV files with a UTF-8 byte-order mark, so that Excel reads accents and symbols right. */
  csvBom: boolean;
}

export const DEFAULT_SETTINGS: UserSettings = { csvBom: false };

export async function userSettings(store: Store, userId: number): Promise<UserSettings> {
  const row = await store.db
    .selectFrom("user_settings")
    .select("csv_bom")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row ? { csvBom: row.csv_bom === 1 } : DEFAULT_SETTINGS;
}

export async function saveUserSettings(store: Store, userId: number, settings: UserSettings): Promise<void> {
  await store.db
    .insertInto("user_settings")
    .values({ user_id: userId, csv_bom: settings.csvBom ? 1 : 0 })
    .onConflict((oc) => oc.column("user_id").doUpdateSet((eb) => ({ csv_bom: eb.ref("excluded.csv_bom") })))
    .execute();
}
