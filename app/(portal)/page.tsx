import Link from "next/link";
import { StudiesList } from "@/components/studies/StudiesList";
import { requireUser } from "@/lib/auth/dal";
import { portalDb } from "@/lib/db/portal-db";
import { studiesHome } from "@/lib/study/studies-home-data";
import { studyCache } from "@/lib/study-cache/instance";
import type { SectionSlug } from "@/sections/frame/addresses";

/** The section that lists each count's records ("" is the study's own page, the subject list). */
const COUNT_PAGES = {
  subjects: "",
  AdverseEvent: "adverse-events",
  laboratory: "laboratory",
  "vital-signs": "vital-signs",
  MedicationStatement: "medications",
  DiagnosticReport: "tumour-response",
} as const satisfies Record<string, SectionSlug>;

export default async function StudiesHome() {
  const user = await requireUser();
  // What the portal already knows (the user's audit entries, the study cache): no request to a partner service.
  const connections = studiesHome(portalDb(), studyCache(), user.id);
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
        <StudiesList connections={connections} pages={COUNT_PAGES} />
      )}
    </main>
  );
}
