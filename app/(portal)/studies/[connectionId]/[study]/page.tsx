import Link from "next/link";
import { notFound } from "next/navigation";
import { Suspense } from "react";
import { StreamedProgress } from "@/components/study/StreamedProgress";
import { SubjectList } from "@/components/study/SubjectList";
import { requireUser } from "@/lib/auth/dal";
import { openUserStudy, studyPath, studyRouteSchema } from "@/lib/study-views/open-user-study";
import { refreshStudy } from "./actions";

type Params = Promise<{ connectionId: string; study: string }>;

export async function generateMetadata({ params }: { params: Params }) {
  const parsed = studyRouteSchema.safeParse(await params);
  return { title: parsed.success ? `${parsed.data.study} subjects · Study Portal` : "Study Portal" };
}

export default async function StudyPage({ params }: { params: Params }) {
  const user = await requireUser();
  const route = studyRouteSchema.safeParse(await params);
  if (!route.success) notFound();
  const access = openUserStudy(user.id, route.data);
  if (!access) notFound();
  const { connection, study } = access;
  const progressUrl = `${studyPath(route.data)}/progress`;
  // Started here and awaited inside the boundary, so that the progress stream can watch the same load.
  const list = access.listed ? access.subjectList() : undefined;
  list?.catch(() => undefined);
  return (
    <main>
      <nav aria-label="Breadcrumb">
        <Link href="/">Studies</Link> / {connection.name} / {study}
      </nav>
      <h1>Study {study}: subjects</h1>
      <p>
        Connection {connection.name}, partner ID {connection.partnerId}
      </p>
      {list ? (
        <Suspense fallback={<StreamedProgress progress={access.progress} done={list} />}>
          <SubjectList access={access} list={list} refreshAction={refreshStudy} progressUrl={progressUrl} />
        </Suspense>
      ) : (
        <p role="alert">
          Study {study} is not on this connection&apos;s list of studies. Add it in{" "}
          <Link href="/settings/connections">Settings</Link> to open it here.
        </p>
      )}
    </main>
  );
}
