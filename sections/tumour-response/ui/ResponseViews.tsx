/**
 * The Tumour response section's own views, as a navigation under its heading. Each link keeps the shared URL
 * state (response options, signed or recomputed best response), so that switching views keeps what was chosen.
 */

import { sectionHref } from "@/sections/frame/addresses";
import { StudySectionNav } from "@/sections/frame/ui/StudySectionNav";
import { type ResponseQuery, responseHref } from "@/sections/tumour-response/query";

export const RESPONSE_VIEWS = [
  { path: "", title: "Summary" },
  { path: "/waterfall", title: "Waterfall" },
  { path: "/spider", title: "Spider plot" },
  { path: "/swimmer", title: "Swimmer plot" },
] as const;

export function ResponseViews({ studyHref, query }: { studyHref: string; query: ResponseQuery }) {
  const base = sectionHref(studyHref, "tumour-response");
  return (
    <StudySectionNav
      label="Tumour response views"
      links={RESPONSE_VIEWS.map((v) => ({ href: responseHref(`${base}${v.path}`, query), title: v.title }))}
    />
  );
}
