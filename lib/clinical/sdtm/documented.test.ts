/**
 * docs/export-pack.md lists every variable of every domain, in the domain's order, with its source as the code has
 * it.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { AE_VARIABLES } from "./ae";
import { CM_VARIABLES } from "./cm";
import { DM_VARIABLES } from "./dm";
import { EX_VARIABLES } from "./ex";
import { LB_VARIABLES } from "./lb";
import { RS_VARIABLES } from "./rs";
import { TR_VARIABLES } from "./tr";
import { TU_VARIABLES } from "./tu";
import { VS_VARIABLES } from "./vs";

const DOC = readFileSync(fileURLToPath(new URL("../../../docs/export-pack.md", import.meta.url)), "utf8");
const DOMAINS = {
  DM_VARIABLES,
  AE_VARIABLES,
  LB_VARIABLES,
  VS_VARIABLES,
  CM_VARIABLES,
  EX_VARIABLES,
  TU_VARIABLES,
  TR_VARIABLES,
  RS_VARIABLES,
};

describe("docs/export-pack.md", () => {
  it.each(Object.entries(DOMAINS))("documents %s", (key, variables) => {
    const domain = key.slice(0, 2);
    const section = DOC.split(`\n## ${domain}: `)[1]?.split("\n## ")[0] ?? "";
    const rows = section.split("\n").filter((l) => l.startsWith("| `"));
    expect(rows.map((l) => /^\| `([A-Z]+)`/.exec(l)?.[1])).toEqual(variables.map((v) => v.name));
    for (const [i, v] of variables.entries()) expect(rows[i]).toContain(v.source.replaceAll("|", "\\|"));
  });
});
