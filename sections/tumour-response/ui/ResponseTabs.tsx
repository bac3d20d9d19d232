/**
 * The Tumour response section's tabs (its summary and plots), as a navigation under its heading. Each link keeps
 * the shared URL state (response options, signed or recomputed best response), so that switching tabs keeps what
 * was chosen.
 */

import { sectionHref } from "@/sections/frame/addresses";
import { StudySectionNav } from "@/sections/frame/ui/StudySectionNav";
import { type ResponseQuery, responseHref } from "../query";

export const RESPONSE_TABS = [
  { path: "", title: "Summary" },
  { path: "/waterfall", title: "Waterfall" },
  { path: "/spider", title: "Spider plot" },
  { path: "/swimmer", title: "Swimmer plot" },
] as const;

export function ResponseTabs({ studyHref, query }: { studyHref: string; query: ResponseQuery }) {
  const base = sectionHref(studyHref, "tumour-response");
  return (
    <StudySectionNav
      // The navigation's accessible name, as users and the browser tests know it.
      label="Tumour response views"
      links={RESPONSE_TABS.map((t) => ({ href: responseHref(`${base}${t.path}`, query), title: t.title }))}
    />
  );
}
