/** Where the portal serves the clinical rules (docs/clinical-rules.md), and the address of one of their sections. */
export const RULES_PATH = "/rules";

/** The address of one section of the rules, by its heading's anchor. */
export const rulesHref = (anchor: string) => `${RULES_PATH}#${anchor}`;
