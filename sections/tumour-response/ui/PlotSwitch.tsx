/**
 * A choice of how a plot is drawn, kept in the URL (BOR as signed or recomputed, the spider plot's scale, the
 * swimmer plot's order), as links: the current one is marked and not a link, so that a link reproduces the plot.
 */
import Link from "next/link";
import uiStyles from "@/components/ui/ui.module.css";

export interface SwitchOption {
  label: string;
  href: string;
  current: boolean;
}

export function PlotSwitch({ label, options }: { label: string; options: SwitchOption[] }) {
  return (
    <nav aria-label={label} className={uiStyles.toolbar}>
      <span>{label}:</span>
      {options.map((o) =>
        o.current ? (
          <strong key={o.label} aria-current="true">
            {o.label}
          </strong>
        ) : (
          <Link key={o.label} href={o.href} scroll={false}>
            {o.label}
          </Link>
        ),
      )}
    </nav>
  );
}
