"use client";
/**
 * What a page read at a past study snapshot says in place of "Data as of" and Refresh (docs/snapshots.md, Past
 * snapshots): the time of the data, that they are read-only, and the same page with the latest data. A client
 * component: the link is this very page (whatever its path below the study) without the snapshot.
 */
import Link from "next/link";
import { usePathname, useSearchParams } from "next/navigation";
import type { ReactNode } from "react";
import { parseStudyFilter, withStudyFilter } from "../study-filter";
import { KEEP_ATTRIBUTE } from "../study-filter-keep";

export function LatestDataLink({ children }: { children: ReactNode }) {
  const pathname = usePathname();
  const search = useSearchParams().toString();
  const { snapshot: _past, ...latest } = parseStudyFilter(new URLSearchParams(search));
  const href = withStudyFilter(search ? `${pathname}?${search}` : pathname, latest);
  // It sets the filter itself: the keeper must not carry the snapshot back onto it.
  return (
    <Link href={href} {...{ [KEEP_ATTRIBUTE]: "set" }}>
      {children}
    </Link>
  );
}
