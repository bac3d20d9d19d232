import { redirect } from "next/navigation";
import { requireUser } from "@/lib/auth/dal";

/** Settings has one section so far. */
export default async function SettingsPage() {
  await requireUser();
  redirect("/settings/connections");
}
