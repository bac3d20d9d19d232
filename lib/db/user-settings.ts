/** A user's own settings (so far, how their CSV exports begin); a user without a row has the defaults. */
import type { Database } from "better-sqlite3";

export interface UserSettings {
  /** Start CSV files with a UTF-8 byte-order mark, so that Excel reads accents and symbols right. */
  csvBom: boolean;
}

export const DEFAULT_SETTINGS: UserSettings = { csvBom: false };

export function userSettings(db: Database, userId: number): UserSettings {
  const row = db.prepare("SELECT csv_bom FROM user_settings WHERE user_id = ?").get(userId) as
    | { csv_bom: number }
    | undefined;
  return row ? { csvBom: row.csv_bom === 1 } : DEFAULT_SETTINGS;
}

export function saveUserSettings(db: Database, userId: number, settings: UserSettings): void {
  db.prepare(
    "INSERT INTO user_settings (user_id, csv_bom) VALUES (?, ?) " +
      "ON CONFLICT (user_id) DO UPDATE SET csv_bom = excluded.csv_bom",
  ).run(userId, settings.csvBom ? 1 : 0);
}
