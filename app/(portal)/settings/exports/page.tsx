import type { Metadata } from "next";
import { SettingsNav } from "@/components/settings/SettingsNav";
import { requireUser } from "@/lib/auth/dal";
import { userSettings } from "@/lib/db/user-settings";
import { portalStore } from "@/lib/store/portal-store";
import { saveExportSettingsAction } from "./actions";

export const metadata: Metadata = { title: "Export settings · Study Portal" };

/** How the user's exports are written (docs/exports.md): so far, whether CSV files start with a byte-order mark. */
export default async function ExportSettingsPage({ searchParams }: { searchParams: Promise<{ saved?: string }> }) {
  const user = await requireUser();
  const settings = await userSettings(await portalStore(), user.id);
  const saved = (await searchParams).saved === "1";
  return (
    <main>
      <h1>Export settings</h1>
      <SettingsNav current="/settings/exports" />
      <form action={saveExportSettingsAction}>
        <p>
          <input id="csvBom" name="csvBom" type="checkbox" defaultChecked={settings.csvBom} />{" "}
          <label htmlFor="csvBom">Start CSV files with a byte-order mark (for Microsoft Excel)</label>
        </p>
        <p>
          Excel reads a CSV file without one in the computer&apos;s own encoding, which turns letters such as ë or µ
          into other characters. Other programs read either kind. Excel files (XLSX) are not affected.
        </p>
        <button type="submit">Save</button> {saved ? <span role="status">Saved.</span> : null}
      </form>
    </main>
  );
}
