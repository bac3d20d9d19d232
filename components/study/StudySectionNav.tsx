"use client";
/**
 * The study's section navigation (or, with `label`, a section's own views, e.g. the laboratory's tests and liver
 * safety); the one shown is marked as the current page (layouts do not know it). A link is current on its own
 * address and, except the first (the study's own page), on the addresses below it; a link's query (a view's shared
 * URL state) does not count.
 */
import Link from "next/link";
import { usePathname } from "next/navigation";

export interface SectionLink {
  href: string;
  title: string;
}

export function StudySectionNav({
  links,
  label = "Study sections",
}: {
  links: readonly SectionLink[];
  label?: string;
}) {
  const pathname = usePathname();
  return (
    <nav aria-label={label}>
      <ul style={{ display: "flex", gap: "1.25rem", listStyle: "none", padding: 0, margin: "0.5rem 0 1rem" }}>
        {links.map((link, i) => {
          const path = link.href.split("?")[0];
          const current = pathname === path || (i > 0 && pathname.startsWith(`${path}/`));
          return (
            <li key={link.href}>
              <Link
                href={link.href}
                aria-current={current ? "page" : undefined}
                style={current ? { fontWeight: 700, textDecoration: "none", color: "inherit" } : undefined}
              >
                {link.title}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
