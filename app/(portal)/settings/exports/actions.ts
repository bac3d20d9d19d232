"use server";
/** Saves the signed-in user's export settings; the user comes from the session, never the form. */
import { redirect } from "next/navigation";
import { requireUser } from "@/lib/auth/dal";
import { portalDb } from "@/lib/db/portal-db";
import { saveUserSettings } from "@/lib/db/user-settings";

export async function saveExportSettingsAction(formData: FormData): Promise<void> {
  const user = await requireUser();
  saveUserSettings(portalDb(), user.id, { csvBom: formData.get("csvBom") === "on" });
  redirect("/settings/exports?saved=1");
}
