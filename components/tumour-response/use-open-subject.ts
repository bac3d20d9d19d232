"use client";
/** A click on a bar or point of the response plots opens its subject's response page (the datum's `href`). */
import { useRouter } from "next/navigation";

export function useOpenSubject() {
  const router = useRouter();
  return (item: { payload?: unknown }) => {
    const href = (item.payload as { href?: unknown } | undefined)?.href;
    if (typeof href === "string") router.push(href);
  };
}
