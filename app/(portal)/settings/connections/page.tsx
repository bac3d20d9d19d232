import type { Metadata } from "next";
import Link from "next/link";
import { ConnectionCard } from "@/components/connections/ConnectionCard";
import styles from "@/components/connections/connections.module.css";
import { SettingsNav } from "@/components/settings/SettingsNav";
import { requireUser } from "@/lib/auth/dal";
import { listConnections } from "@/lib/db/connections";
import { portalStore } from "@/lib/store/portal-store";
import { deleteConnectionAction, testConnectionAction } from "./actions";

export const metadata: Metadata = { title: "Partner connections · Study Portal" };

export default async function ConnectionsPage() {
  const user = await requireUser();
  const connections = await listConnections(await portalStore(), user.id);
  return (
    <main>
      <h1>Partner connections</h1>
      <SettingsNav current="/settings/connections" />
      <p>Each connection holds the credentials the portal uses to read study data from a partner service for you.</p>
      <p>
        <Link href="/settings/connections/new">Add a connection</Link> ·{" "}
        <Link href="/settings/activity">Your activity</Link> (what the portal recorded of your sign-ins, connections and
        study data)
      </p>
      {connections.length === 0 ? (
        <p>You have no connections yet.</p>
      ) : (
        <ul className={styles.list} aria-label="Your connections">
          {connections.map((c) => (
            <ConnectionCard
              key={c.id}
              connection={c}
              testAction={testConnectionAction}
              deleteAction={deleteConnectionAction}
            />
          ))}
        </ul>
      )}
    </main>
  );
}
