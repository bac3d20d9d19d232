"use client";
/** The study's section navigation; the section shown is marked as the current page (layouts do not know it). */
import Link from "next/link";
import { usePathname } from "next/navigation";

export interface SectionLink {
  href: string;
  title: string;
}

export function StudySectionNav({ links }: { links: readonly SectionLink[] }) {
  const pathname = usePathname();
  return (
    <nav aria-label="Study sections">
      <ul style={{ display: "flex", gap: "1.25rem", listStyle: "none", padding: 0, margin: "0.5rem 0 1rem" }}>
        {links.map((link) => {
          const current = pathname === link.href;
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
