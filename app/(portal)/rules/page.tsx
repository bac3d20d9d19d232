import type { Metadata } from "next";
import { RulesDocument } from "@/components/rules/RulesDocument";
import { requireUser } from "@/lib/auth/dal";
import { rulesHtml } from "@/lib/rules-doc/rules-doc";

export const metadata: Metadata = { title: "Clinical rules · Study Portal" };

/** The clinical rules every derived number follows; each page's convention line links to its section here. */
export default async function RulesPage() {
  await requireUser();
  return (
    <main>
      <RulesDocument html={rulesHtml()} />
    </main>
  );
}
