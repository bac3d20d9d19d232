/**
 * The subjects a count of the best-overall-response table chose (the URL's SubjectDrill, ../query.ts): who they are,
 * and the listing's title in words (docs/clinical-rules.md, Tumour response).
 */

import { inPopulation, type Population } from "@/lib/clinical/response/population";
import type { SubjectResponse } from "@/lib/clinical/response/subject-response";
import { NON_CR_NON_PD, type Response } from "@/lib/clinical/response/timepoint";
import type { DrillGroup, SubjectDrill } from "../query";

const GROUP_RESPONSES: Readonly<Record<DrillGroup, readonly Response[]>> = {
  CR: ["CR"],
  PR: ["PR"],
  SD: ["SD"],
  [NON_CR_NON_PD]: [NON_CR_NON_PD],
  PD: ["PD"],
  NE: ["NE"],
  ORR: ["CR", "PR"],
  DCR: ["CR", "PR", "SD", NON_CR_NON_PD],
  N: ["CR", "PR", "SD", NON_CR_NON_PD, "PD", "NE"],
};

/** Whether a subject is one of the drill's: in N, with its best overall response (of the source) in the group. */
export function inDrill(s: SubjectResponse, d: SubjectDrill, population: Population = "evaluable"): boolean {
  return inPopulation(s, population) && GROUP_RESPONSES[d.group].includes(s[d.source].bor);
}

const GROUP_TITLE: Readonly<Record<DrillGroup, string>> = {
  CR: "a best overall response of CR",
  PR: "a best overall response of PR",
  SD: "a best overall response of SD",
  [NON_CR_NON_PD]: "a best overall response of Non-CR/Non-PD",
  PD: "a best overall response of PD",
  NE: "a best overall response of NE",
  ORR: "an objective response (CR or PR)",
  DCR: "disease control (CR, PR, SD or Non-CR/Non-PD)",
  N: "any best overall response (every subject of N)",
};

const WHO: Readonly<Record<Population, string>> = {
  evaluable: "Evaluable subjects",
  itt: "Subjects of N (intent to treat)",
};

/** What the listing shows, in words: "Evaluable subjects with a best overall response of PR as signed". */
export const drillTitle = (d: SubjectDrill, population: Population = "evaluable") =>
  `${WHO[population]} with ${GROUP_TITLE[d.group]} as ${d.source}`;
