import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ConnectionForm } from "@/components/connections/ConnectionForm";
import { requireUser } from "@/lib/auth/dal";
import { getConnection } from "@/lib/db/connections";
import { portalStore } from "@/lib/store/portal-store";
import { updateConnectionAction } from "../../actions";

export const metadata: Metadata = { title: "Edit connection · Study Portal" };

export default async function EditConnectionPage({ params }: { params: Promise<{ id: string }> }) {
  const user = await requireUser();
  const { id } = await params;
  // Scoped by user: another user's connection is "not found", exactly like one that never existed.
  const connection = await getConnection(await portalStore(), user.id, id);
  if (!connection) notFound();
  const { name, baseUrl, partnerId, clientId, studies } = connection;
  return (
    <main>
      <h1>Edit {name}</h1>
      <ConnectionForm
        action={updateConnectionAction}
        connection={{ id, name, baseUrl, partnerId, clientId, studies }}
      />
    </main>
  );
}
