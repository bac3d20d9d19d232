/**
 * Progress of the first load, streamed by the server: a Suspense fallback is
 * not hydrated while its boundary is pending, so a polling client component
 * there would never run on a directly opened page. Instead each second a
 * nested boundary resolves with a fresh count, replacing the previous one,
 * until the data is there (then the whole fallback is replaced by the table).
 */
import { Suspense } from "react";
import { ProgressView, type RecordTypeCount } from "./ProgressView";

const LABEL = "Loading the study from the partner service…";
const TICK_MS = 1000;
// An hour of ticks; the partner client fails long before (its retries and timeouts are bounded).
const MAX_TICKS = 3600;

interface Props {
  progress: () => RecordTypeCount[];
  done: Promise<unknown>;
}

async function Tick({ progress, done, tick }: Props & { tick: number }) {
  const finished = await Promise.race([
    done.then(
      () => true,
      () => true,
    ),
    new Promise<boolean>((r) => setTimeout(() => r(false), TICK_MS)),
  ]);
  if (finished || tick >= MAX_TICKS) return null;
  return (
    <Suspense fallback={<ProgressView label={LABEL} recordTypes={progress()} />}>
      <Tick progress={progress} done={done} tick={tick + 1} />
    </Suspense>
  );
}

export function StreamedProgress({ progress, done }: Props) {
  return (
    <Suspense fallback={<ProgressView label={LABEL} recordTypes={progress()} />}>
      <Tick progress={progress} done={done} tick={0} />
    </Suspense>
  );
}
