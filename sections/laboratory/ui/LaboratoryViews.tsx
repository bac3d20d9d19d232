/** The Laboratory section's own views, as a navigation under its heading: the tests, and liver safety (eDISH). */

import { sectionHref } from "@/sections/frame/addresses";
import { StudySectionNav } from "@/sections/frame/ui/StudySectionNav";

export function LaboratoryViews({ studyHref }: { studyHref: string }) {
  const base = sectionHref(studyHref, "laboratory");
  return (
    <StudySectionNav
      label="Laboratory views"
      links={[
        { href: base, title: "Tests" },
        { href: `${base}/liver`, title: "Liver safety (eDISH)" },
      ]}
    />
  );
}
