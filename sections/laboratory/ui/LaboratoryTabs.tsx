/** The Laboratory section's tabs, as a navigation under its heading: the tests, and liver safety (eDISH). */

import { StudySectionNav } from "@/sections/frame/ui/StudySectionNav";
import { liverBase } from "../query";

/** `base`: the section's address. */
export function LaboratoryTabs({ base }: { base: string }) {
  return (
    <StudySectionNav
      label="Laboratory views"
      links={[
        { href: base, title: "Tests" },
        { href: liverBase(base), title: "Liver safety (eDISH)" },
      ]}
    />
  );
}
