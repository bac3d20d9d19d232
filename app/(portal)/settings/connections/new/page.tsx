import type { Metadata } from "next";
import { ConnectionForm } from "@/components/connections/ConnectionForm";
import { requireUser } from "@/lib/auth/dal";
import { createConnectionAction } from "../actions";

export const metadata: Metadata = { title: "Add a connection · Study Portal" };

export default async function NewConnectionPage() {
  await requireUser();
  return (
    <main>
      <h1>Add a partner connection</h1>
      <ConnectionForm action={createConnectionAction} />
    </main>
  );
}
