"use server";
/** Saves the signed-in user's export settings; the user comes from the session, never the form. */
import { redirect } from "next/navigation";
import { requireUser } from "@/lib/auth/dal";
import { saveUserSettings } from "@/lib/db/user-settings";
import { portalStore } from "@/lib/store/portal-store";

export async function saveExportSettingsAction(formData: FormData): Promise<void> {
  const user = await requireUser();
  await saveUserSettings(await portalStore(), user.id, { csvBom: formData.get("csvBom") === "on" });
  redirect("/settings/exports?saved=1");
}
