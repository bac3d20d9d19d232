"use client";
/**
 * An export as the browser follows it: the start (a table's with the page's own query, so that the file holds the
 * rows shown; or the study's export pack), the job's state polled twice a second while the server writes, the
 * download when the file is ready, and a cancel. The poll is bounded in time; every failure ends in words.
 */
import { useParams } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";
import type { JobStatus } from "@/lib/export/answers";
import type { JobFormat } from "@/lib/export/export-file-name";

const POLL_MS = 500;
/** An hour of polling at most: beyond, the user is told to try again. */
const MAX_POLLS = 7200;
const NETWORK = "The portal could not be reached. Check your network connection, then start the export again.";

export type ExportPhase =
  | { kind: "idle" }
  | { kind: "starting"; format: JobFormat }
  | { kind: "job"; job: JobStatus }
  | { kind: "error"; message: string };

async function answer(res: Response): Promise<JobStatus | { error: string }> {
  // A signed-out request is sent to the sign-in page (proxy.ts): say so rather than that the answer was odd.
  if (res.redirected && new URL(res.url).pathname === "/signin")
    return { error: "Your session has ended. Sign in again, then start the export again." };
  const body = (await res.json().catch(() => null)) as JobStatus | { error?: string } | null;
  if (res.ok && body && "state" in body) return body;
  const error = body && "error" in body && typeof body.error === "string" ? body.error : undefined;
  return { error: error ?? `The portal answered ${res.status}. Reload the page and try again.` };
}

/** What an export writes: a table of a view (its slug below the study, the table's ID), or the study's pack. */
export type ExportTarget = { view: string; table: string } | { pack: true; snapshot?: number };

export function useExportJob(target: ExportTarget) {
  const params = useParams<{ connectionId: string; study: string; subjectId?: string }>();
  const [phase, setPhase] = useState<ExportPhase>({ kind: "idle" });
  const polls = useRef(0);
  const downloaded = useRef<string | null>(null);

  const follow = useCallback((res: JobStatus | { error: string }) => {
    setPhase("error" in res ? { kind: "error", message: res.error } : { kind: "job", job: res });
  }, []);

  const start = async (format: JobFormat) => {
    setPhase({ kind: "starting", format });
    polls.current = 0;
    const study = { connectionId: params.connectionId, study: params.study };
    // The pack is the whole study: nothing of the page goes with it but a past snapshot's id (export-request.ts).
    const body =
      "pack" in target
        ? { ...study, format, ...(target.snapshot === undefined ? {} : { snapshot: target.snapshot }) }
        : {
            ...study,
            view: target.view,
            table: target.table,
            format,
            query: window.location.search.replace(/^\?/, ""),
            ...(params.subjectId ? { subject: params.subjectId } : {}),
          };
    const res = await fetch("/exports", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    }).catch(() => null);
    follow(res ? await answer(res) : { error: NETWORK });
  };

  const jobId = phase.kind === "job" ? phase.job.id : null;
  const running = phase.kind === "job" && phase.job.state === "running";
  useEffect(() => {
    if (!running || jobId === null) return;
    const timer = setTimeout(async () => {
      polls.current++;
      if (polls.current > MAX_POLLS) {
        follow({ error: "The export is taking too long to follow here. Start it again, or a narrower one." });
        return;
      }
      const res = await fetch(`/exports/${jobId}`, { cache: "no-store" }).catch(() => null);
      follow(res ? await answer(res) : { error: NETWORK });
    }, POLL_MS);
    return () => clearTimeout(timer);
  });

  // The file is ready: the browser downloads it once (the link stays for another try).
  const done = phase.kind === "job" && phase.job.state === "done" ? phase.job.id : null;
  useEffect(() => {
    if (done === null || downloaded.current === done) return;
    downloaded.current = done;
    const a = document.createElement("a");
    a.href = `/exports/${done}/file`;
    document.body.append(a);
    a.click();
    a.remove();
  }, [done]);

  const cancel = async () => {
    if (jobId === null) return;
    const res = await fetch(`/exports/${jobId}`, { method: "DELETE" }).catch(() => null);
    follow(res ? await answer(res) : { error: NETWORK });
  };

  return { phase, start, cancel };
}
