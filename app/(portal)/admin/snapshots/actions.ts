"use server";
/** Purges one identity's snapshots of a study, for administrators only; the outcome is shown on the page. */
import { redirect } from "next/navigation";
import { requesterOf } from "@/lib/audit/request-address";
import { requireAdmin } from "@/lib/auth/require-admin";
import { purgeFromForm } from "@/lib/snapshots/purge-form";
import { portalStore } from "@/lib/store/portal-store";

export async function purgeSnapshotsAction(formData: FormData): Promise<void> {
  const admin = await requireAdmin("/admin/snapshots");
  const outcome = await purgeFromForm(await portalStore(), await requesterOf(admin.id), formData);
  const said = outcome.ok
    ? new URLSearchParams({
        study: outcome.study,
        snapshots: String(outcome.snapshots),
        chunks: String(outcome.chunks),
      })
    : new URLSearchParams({ refused: "1" });
  redirect(`/admin/snapshots?${said}`);
}
