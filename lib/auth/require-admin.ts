/**
 * The session check of the administrators' pages: an administrator, or the page is refused as the portal refuses
 * any page a user may not see (404, "Page not found": it does not tell that the page exists), and the refusal
 * goes to the audit trail (aggregated per user and minute, lib/audit/record-refusal.ts).
 */
import { notFound } from "next/navigation";
import { recordAccessRefusal } from "@/lib/audit/record-refusal";
import { requestAddress } from "@/lib/audit/request-address";
import { portalStore } from "@/lib/store/portal-store";
import { requireUser, type SessionUser } from "./dal";

export type AdminPage = "/admin/audit" | "/admin/cache" | "/admin/snapshots";

export async function requireAdmin(page: AdminPage): Promise<SessionUser> {
  const user = await requireUser();
  if (user.role === "admin") return user;
  await recordAccessRefusal(await portalStore(), {
    actor: user.id,
    address: await requestAddress(),
    reason: "admin_only",
    via: "admin_page",
    page,
  });
  notFound();
}
