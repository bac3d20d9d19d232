/**
 * The adverse-event listing's filters in words, each with the URL parameter that removes it: the page's list of
 * filters and the About sheet of the listing's export say the same.
 */
import { type AeListingFilter, FLAG_FILTERS, NO_CTCAE_VERSION } from "@/lib/clinical/adverse-events/listing";
import { SUBGROUP_TITLE, type SubgroupKind } from "@/lib/clinical/adverse-events/study";

const WORST = (w: NonNullable<AeListingFilter["worst"]>) => (w === "missing" ? "missing (no grade)" : String(w));
const GRADE = (g: NonNullable<AeListingFilter["grade"]>) =>
  g === "ge3" ? "≥3" : g === "missing" ? "missing" : String(g);

export function listingFilterWords(f: AeListingFilter): [string, string][] {
  const items: [string, string][] = [];
  if (f.scope !== "all")
    items.push([f.scope === "group" ? "Subjects in the Group" : "Subjects outside the Group", "scope"]);
  if (f.subject !== null) items.push([`Subject: ${f.subject}`, "subject"]);
  if (f.term !== null) items.push([`Term: ${f.term}`, "term"]);
  if (f.worst !== null)
    items.push([
      `Subjects whose worst grade ${f.term !== null ? "of the term" : "overall"} is ${WORST(f.worst)}`,
      "worst",
    ]);
  if (f.grade !== null) items.push([`Grade: ${GRADE(f.grade)}`, "grade"]);
  if (f.related) items.push(["Related", "related"]);
  if (f.ongoing) items.push(["Ongoing", "ongoing"]);
  if (f.flag !== null) items.push([`Flag: ${FLAG_FILTERS[f.flag]}`, "flag"]);
  if (f.ctcae !== null)
    items.push([f.ctcae === NO_CTCAE_VERSION ? "No CTCAE version" : `CTCAE version ${f.ctcae}`, "ctcae"]);
  for (const [kind, value] of Object.entries(f.subgroup) as [SubgroupKind, string][])
    items.push([`${SUBGROUP_TITLE[kind]}: ${value}`, kind]);
  return items;
}
