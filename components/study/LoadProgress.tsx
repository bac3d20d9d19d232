"use client";
/**
 * Progress while Refresh runs: the page is live then, so it asks the progress
 * route once a second. The route answers only for the signed-in user's own
 * connection, and only with counts.
 */
import { useEffect, useState } from "react";
import { z } from "zod";
import { type KindCount, ProgressView } from "./ProgressView";

const progressSchema = z.object({
  kinds: z.array(z.object({ kind: z.string(), loaded: z.number(), total: z.number().nullable() })),
});

export function LoadProgress({ url, label }: { url: string; label: string }) {
  const [kinds, setKinds] = useState<KindCount[]>([]);
  useEffect(() => {
    let stopped = false;
    const poll = async () => {
      try {
        const res = await fetch(url, { cache: "no-store", headers: { accept: "application/json" } });
        const parsed = progressSchema.safeParse(res.ok ? await res.json() : undefined);
        if (!stopped && parsed.success) setKinds(parsed.data.kinds);
      } catch {
        // A missed poll is harmless: the next one comes in a second.
      }
    };
    void poll();
    const timer = setInterval(poll, 1000);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [url]);
  return <ProgressView label={label} kinds={kinds} />;
}
