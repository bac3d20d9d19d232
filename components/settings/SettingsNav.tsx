/** The parts of Settings, each its own page. */
import Link from "next/link";
import navStyles from "@/components/ui/nav.module.css";

const PARTS = [
  { href: "/settings/connections", title: "Partner connections" },
  { href: "/settings/exports", title: "Exports" },
];

export function SettingsNav({ current }: { current: string }) {
  return (
    <nav aria-label="Settings" className={navStyles.navBar}>
      <ul>
        {PARTS.map((p) => (
          <li key={p.href}>
            <Link href={p.href} aria-current={p.href === current ? "page" : undefined}>
              {p.title}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
