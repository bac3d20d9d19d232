import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  RESERVED_SLUGS,
  responseAssessmentHref,
  responseSubjectHref,
  STUDY_SECTIONS,
  sectionHref,
  subjectHref,
} from "./addresses";

const STUDY_ROUTE = fileURLToPath(new URL("../../app/(portal)/studies/[connectionId]/[study]/", import.meta.url));

describe("the study sections registry", () => {
  it("names each section once, with an address segment, and the study's own page first", () => {
    const slugs = STUDY_SECTIONS.map((s) => s.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(slugs[0]).toBe("");
    for (const slug of slugs) {
      expect(slug).toMatch(/^([a-z0-9]+(-[a-z0-9]+)*)?$/);
      expect(RESERVED_SLUGS as readonly string[]).not.toContain(slug);
    }
  });

  it.each(STUDY_SECTIONS.map((s) => [s.title, s.slug]))("has a page for %s", (_title, slug) => {
    expect(existsSync(`${STUDY_ROUTE}${slug ? `${slug}/` : ""}page.tsx`)).toBe(true);
  });

  it("reserves the route handlers' and the subject profiles' segments", () => {
    expect(existsSync(`${STUDY_ROUTE}progress/route.ts`)).toBe(true);
    expect(existsSync(`${STUDY_ROUTE}subjects/[subjectId]/page.tsx`)).toBe(true);
    expect(existsSync(`${STUDY_ROUTE}tumour-response/subjects/[subjectId]/page.tsx`)).toBe(true);
  });

  it("addresses a section below its study, and the first at the study's own address", () => {
    expect(sectionHref("/studies/c/ONC-101", "")).toBe("/studies/c/ONC-101");
    expect(sectionHref("/studies/c/ONC-101", "laboratory")).toBe("/studies/c/ONC-101/laboratory");
    expect(subjectHref("/studies/c/ONC-101", "101/0001")).toBe("/studies/c/ONC-101/subjects/101%2F0001");
    expect(responseSubjectHref("/studies/c/ONC-101", "101/0001")).toBe(
      "/studies/c/ONC-101/tumour-response/subjects/101%2F0001",
    );
    expect(responseAssessmentHref("/studies/c/ONC-101", "101-0001", "A-004002")).toBe(
      "/studies/c/ONC-101/tumour-response/subjects/101-0001?as_f_key=%3DA-004002#response-assessments",
    );
  });
});
