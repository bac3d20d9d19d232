import { existsSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { RESERVED_SLUGS, SECTION_SLUGS } from "./frame/addresses";
import { NAVIGATION, SECTIONS } from "./registry";
import { pageWords } from "./saved-views/tables";

const STUDY_ROUTE = fileURLToPath(new URL("../app/(portal)/studies/[connectionId]/[study]/", import.meta.url));
const SECTIONS_DIR = fileURLToPath(new URL("./", import.meta.url));

describe("the study sections registry", () => {
  it("names each section once, with an address segment, and the study's own page first", () => {
    const slugs = NAVIGATION.map((s) => s.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(slugs[0]).toBe("");
    for (const slug of slugs) {
      expect(slug).toMatch(/^([a-z0-9]+(-[a-z0-9]+)*)?$/);
      expect(RESERVED_SLUGS as readonly string[]).not.toContain(slug);
    }
  });

  it("lists the navigation in the order of the study's URL map", () => {
    expect(NAVIGATION.map((s) => s.slug)).toEqual([...SECTION_SLUGS]);
    expect(NAVIGATION.map((s) => s.title)).toEqual([
      "Overview",
      "Subjects",
      "Adverse events",
      "Laboratory",
      "Vital signs",
      "Medications",
      "Tumour response",
      "Data checks",
      "Changes",
      "Saved views",
    ]);
  });

  it("names a saved view's page by its section's title", () => {
    for (const { slug, title } of NAVIGATION.filter((s) => s.slug !== "views")) expect(pageWords(slug)).toBe(title);
  });

  it.each(NAVIGATION.map((s) => [s.title, s.slug]))("has a page for %s", (_title, slug) => {
    expect(existsSync(`${STUDY_ROUTE}${slug ? `${slug}/` : ""}page.tsx`)).toBe(true);
  });

  it("reserves the route handlers' and the subject profiles' segments", () => {
    expect(existsSync(`${STUDY_ROUTE}progress/route.ts`)).toBe(true);
    expect(existsSync(`${STUDY_ROUTE}subjects/[subjectId]/page.tsx`)).toBe(true);
    expect(existsSync(`${STUDY_ROUTE}tumour-response/subjects/[subjectId]/page.tsx`)).toBe(true);
    expect(existsSync(`${STUDY_ROUTE}views/[viewId]/page.tsx`)).toBe(true);
  });

  it("registers every section folder once, and only folders that exist (the frame is no section)", () => {
    const folders = readdirSync(SECTIONS_DIR, { withFileTypes: true })
      .filter((d) => d.isDirectory() && d.name !== "frame")
      .map((d) => d.name);
    expect(SECTIONS.map((s) => s.folder).sort()).toEqual(folders.sort());
  });

  it("keys every export source by one registered page's table, none twice", () => {
    const keys = SECTIONS.flatMap((s) => Object.keys(s.exports));
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(key).toMatch(/^[a-z-]+(\/[a-z-]+)*:[a-z-]+$/);
  });
});
