"use client";
/** Refresh: a form posting to the page's server action, which drops the study's cached data and renders it afresh. */
import { useFormStatus } from "react-dom";
import { LoadProgress } from "./LoadProgress";

function Submit({ progressUrl }: { progressUrl: string }) {
  const { pending } = useFormStatus();
  return (
    <>
      <button type="submit" disabled={pending}>
        {pending ? "Refreshing…" : "Refresh"}
      </button>
      {pending && <LoadProgress url={progressUrl} label="Reloading the study from the partner service…" />}
    </>
  );
}

export function RefreshButton({
  action,
  connectionId,
  study,
  progressUrl,
}: {
  action: (form: FormData) => Promise<void>;
  connectionId: string;
  study: string;
  progressUrl: string;
}) {
  return (
    <form action={action} style={{ display: "inline" }}>
      <input type="hidden" name="connectionId" value={connectionId} />
      <input type="hidden" name="study" value={study} />
      <Submit progressUrl={progressUrl} />
    </form>
  );
}
