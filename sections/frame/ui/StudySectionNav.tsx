"use client";
/**
 * The study's section navigation (or, with `label`, a section's own views, e.g. the laboratory's tests and liver
 * safety); the one shown is marked as the current page (layouts do not know it). A link is current on its own
 * address and, except the first (the study's own page), on the addresses below it; a link's query (a view's shared
 * URL state) does not count. Every link carries the study filter of the page's address.
 */
import Link from "next/link";
import { usePathname, useSearchParams } from "next/navigation";
import navStyles from "@/components/ui/nav.module.css";
import { parseStudyFilter, withStudyFilter } from "../study-filter";

export interface SectionLink {
  href: string;
  title: string;
}

export function StudySectionNav({ links, label }: { links: readonly SectionLink[]; label?: string }) {
  const pathname = usePathname();
  // The study filter follows the user from section to section (docs/design.md, The study filter).
  const filter = parseStudyFilter(useSearchParams());
  return (
    // The study's sections are the main bar; a section's own views (a label of their own) a smaller row of choices.
    <nav aria-label={label ?? "Study sections"} className={label ? navStyles.navPills : navStyles.navBar}>
      <ul>
        {links.map((link, i) => {
          const path = link.href.split("?")[0];
          const current = pathname === path || (i > 0 && pathname.startsWith(`${path}/`));
          return (
            <li key={link.href}>
              <Link href={withStudyFilter(link.href, filter)} aria-current={current ? "page" : undefined}>
                {link.title}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
