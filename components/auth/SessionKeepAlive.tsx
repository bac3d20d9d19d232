"use client";
/**
 * Activity keeps the session: on navigation and on key presses or clicks (at
 * most once a minute) it asks next-auth for the session, which re-issues the
 * cookie and so moves the 30-minute idle deadline. When the session has ended
 * (idle, 12 hours, account disabled, password reset) it goes to the sign-in page.
 */
import { usePathname } from "next/navigation";
import { useCallback, useEffect, useRef } from "react";

const MIN_INTERVAL_MS = 60_000;

export function SessionKeepAlive() {
  const pathname = usePathname();
  const last = useRef(0);

  const refresh = useCallback(() => {
    const now = Date.now();
    if (now - last.current < MIN_INTERVAL_MS) return;
    last.current = now;
    fetch("/api/auth/session", { cache: "no-store" })
      .then((res) => res.json())
      .then((session: { user?: unknown } | null) => {
        if (!session?.user) window.location.assign("/signin");
      })
      .catch(() => {
        // Offline or the server restarting: the next activity tries again.
        last.current = 0;
      });
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new pathname is a navigation, which is activity.
  useEffect(() => {
    refresh();
  }, [pathname, refresh]);

  useEffect(() => {
    window.addEventListener("keydown", refresh);
    window.addEventListener("pointerdown", refresh);
    return () => {
      window.removeEventListener("keydown", refresh);
      window.removeEventListener("pointerdown", refresh);
    };
  }, [refresh]);

  return null;
}
