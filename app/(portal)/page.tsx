import Link from "next/link";
import feedbackStyles from "@/components/feedback/feedback.module.css";
import uiStyles from "@/components/ui/ui.module.css";
import { requireUser } from "@/lib/auth/dal";
import { listConnections } from "@/lib/db/connections";
import { portalDb } from "@/lib/db/portal-db";
import { studyPath } from "@/lib/study/study-route";

export default async function StudiesHome() {
  const user = await requireUser();
  const connections = listConnections(portalDb(), user.id);
  return (
    <main>
      <h1>Your studies</h1>
      {connections.length === 0 ? (
        <p>
          You have no partner connection yet.{" "}
          <Link href="/settings/connections">Add a partner connection in Settings</Link> with the client ID and secret
          your partner organisation gave you; its studies will be listed here.
        </p>
      ) : (
        <div className={uiStyles.cardList}>
          {connections.map((c) => (
            <section key={c.id} aria-labelledby={`conn-${c.id}`} className={uiStyles.card}>
              <h2 id={`conn-${c.id}`}>{c.name}</h2>
              <p className={feedbackStyles.textMuted}>Partner ID {c.partnerId}</p>
              {c.studies.length === 0 ? (
                <p>
                  No study numbers on this connection yet. Add them in{" "}
                  <Link href="/settings/connections">Settings</Link>.
                </p>
              ) : (
                <ul className={uiStyles.linkList}>
                  {c.studies.map((s) => (
                    <li key={s}>
                      <Link href={studyPath({ connectionId: c.id, study: s })}>{s}</Link>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          ))}
        </div>
      )}
    </main>
  );
}
