import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { rulesAnchors, rulesHtml } from "./rules-doc";

describe("rulesHtml", () => {
  it("gives headings GitHub's anchors, keeps links within the document and writes links to other files as text", () => {
    const html = rulesHtml("## Adverse events in a study\n\nSee [the overview](#the-overview) and [x](other.md).\n");
    expect(html).toContain('<h2 id="adverse-events-in-a-study">Adverse events in a study</h2>');
    expect(html).toContain('<a href="#the-overview">the overview</a>');
    expect(html).toContain(" and x.");
    expect(html).not.toContain("other.md");
  });

  it("renders tables", () => {
    expect(rulesHtml("| a | b |\n|---|---|\n| 1 | 2 |\n")).toContain("<td>1</td>");
  });
});

/** Every `<Convention anchor="...">` of the sections and components, read from the source. */
function usedAnchors(dir: string, found: Map<string, string> = new Map()): Map<string, string> {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) usedAnchors(file, found);
    else if (/\.tsx?$/.test(name) && !name.includes(".test."))
      for (const m of readFileSync(file, "utf8").matchAll(/<Convention\s+anchor="([^"]+)"/g)) found.set(m[1], file);
  }
  return found;
}

describe("the conventions' links", () => {
  it("each lead to a section of docs/clinical-rules.md", () => {
    const anchors = rulesAnchors();
    expect(anchors.has("adverse-events-in-a-study")).toBe(true);
    const missing = [...usedAnchors("sections"), ...usedAnchors("components")].filter(([a]) => !anchors.has(a));
    expect(missing).toEqual([]);
  });
});
