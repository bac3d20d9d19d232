"use client";
/**
 * Progress while Refresh runs: the page is live then, so it asks the progress
 * route once a second. The route answers only for the signed-in user's own
 * connection, and only with counts.
 */
import { useEffect, useState } from "react";
import { z } from "zod";
import { ProgressView, type RecordTypeCount } from "./ProgressView";

const progressSchema = z.object({
  recordTypes: z.array(z.object({ recordType: z.string(), loaded: z.number(), total: z.number().nullable() })),
});

export function LoadProgress({ url, label }: { url: string; label: string }) {
  const [recordTypes, setRecordTypes] = useState<RecordTypeCount[]>([]);
  useEffect(() => {
    let stopped = false;
    const poll = async () => {
      try {
        const res = await fetch(url, { cache: "no-store", headers: { accept: "application/json" } });
        const parsed = progressSchema.safeParse(res.ok ? await res.json() : undefined);
        if (!stopped && parsed.success) setRecordTypes(parsed.data.recordTypes);
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
  return <ProgressView label={label} recordTypes={recordTypes} />;
}
