/**
 * The clinical rules as the portal shows them (`/rules`): docs/clinical-rules.md
 * rendered to HTML with a maintained Markdown renderer, headings carrying
 * GitHub's anchors, so that a page's one-line convention links to the section
 * that states it (`/rules#treatment-emergent-adverse-events`). The document is
 * the project's own file, read when the page is built, never a user's text.
 * Links to the other documents of docs/ are left as their text: the portal
 * serves only this one.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import GithubSlugger from "github-slugger";
import { Marked } from "marked";
import { gfmHeadingId } from "marked-gfm-heading-id";

const DOCUMENT = path.join(process.cwd(), "docs", "clinical-rules.md");

export function rulesMarkdown(): string {
  return readFileSync(DOCUMENT, "utf8");
}

/** The rules as HTML: the document's own links to its sections kept, links to other files as text. */
export function rulesHtml(markdown = rulesMarkdown()): string {
  const marked = new Marked(gfmHeadingId(), {
    renderer: {
      link({ href, tokens }) {
        const text = this.parser.parseInline(tokens);
        return href.startsWith("#") ? `<a href="${href}">${text}</a>` : text;
      },
    },
  });
  return marked.parse(markdown, { async: false });
}

/** Every heading's anchor, as the renderer makes them (the tests check that each linked anchor exists). */
export function rulesAnchors(markdown = rulesMarkdown()): Set<string> {
  const slugger = new GithubSlugger();
  const anchors = new Set<string>();
  for (const line of markdown.split("\n")) {
    const heading = /^#{1,6}\s+(.*)$/.exec(line);
    if (heading) anchors.add(slugger.slug(heading[1].replace(/[`*_]/g, "").trim()));
  }
  return anchors;
}
