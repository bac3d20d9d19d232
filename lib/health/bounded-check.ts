/**
 * A health check that answers in bounded time and holds bounded resources: at most one run of it at a time in the
 * process (calls while it runs share that run), and each caller's answer within its time, false when the run is late
 * or fails. Readiness is open to anyone signed out, so a store that hangs must hold one query, not one per probe.
 */
export type Check = () => Promise<boolean>;

/** Resolves with `answer`'s value, or with false once `ms` have passed; `answer` must never reject. */
async function answerWithin(answer: Promise<boolean>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([answer, late]);
  } finally {
    clearTimeout(timer);
  }
}

export function boundedCheck(check: Check, ms: number): Check {
  let running: Promise<boolean> | undefined;
  return () => {
    // Started at once; a check that throws at once fails like one that rejects.
    running ??= (async () => check())()
      .catch(() => false)
      .finally(() => {
        running = undefined;
      });
    return answerWithin(running, ms);
  };
}
