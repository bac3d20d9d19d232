import Link from "next/link";
import { StudiesList } from "@/components/studies/StudiesList";
import { requireUser } from "@/lib/auth/dal";
import { portalStore } from "@/lib/store/portal-store";
import { COUNT_PAGES, type CountKind } from "@/lib/study/studies-home";
import { studiesHome } from "@/lib/study/studies-home-data";
import { studyCache } from "@/lib/study/study-cache-instance";
import type { SectionSlug } from "@/sections/frame/addresses";

export default async function StudiesHome() {
  const user = await requireUser();
  // What the portal already knows (the user's audit entries, the study cache): no request to a partner service.
  const connections = await studiesHome(await portalStore(), studyCache(), user.id);
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
        // The counts' pages checked against the sections' slugs here: lib/ cannot import sections.
        <StudiesList connections={connections} pages={COUNT_PAGES satisfies Record<CountKind, SectionSlug>} />
      )}
    </main>
  );
}
