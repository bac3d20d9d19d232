/**
 * "No secret in the page", checked without writing the secret into the reports: `expect(html).not.toContain(secret)`
 * prints the secret and the whole page into the HTML report and the JUnit file when it fails, the one time it
 * matters. Here the comparison is done first and only the names of the secrets found are asserted on; and a page
 * found holding one is replaced by a blank one before the assertion fails, so that the failure's screenshot and page
 * snapshot (both in the HTML report) do not show it either (docs/qa-suite.md, No secret in the reports).
 */
import { expect, type Page } from "@playwright/test";

/** Secrets by the name a report may show for them (the variable that holds each). */
export type NamedSecrets = Readonly<Record<string, string>>;

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };

/** The ways a page can spell a secret: as it is, escaped in HTML, escaped in JSON (an RSC payload), URL-encoded. */
function spellings(secret: string): string[] {
  const html = secret.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
  return [...new Set([secret, html, JSON.stringify(secret).slice(1, -1), encodeURIComponent(secret)])];
}

/** The names of the secrets `text` holds, in any of their spellings; never a secret itself. */
export function secretsIn(text: string, secrets: NamedSecrets): string[] {
  return Object.entries(secrets)
    .filter(([, secret]) => secret !== "" && spellings(secret).some((s) => text.includes(s)))
    .map(([name]) => name);
}

/** Fails, naming only which secrets, when the page's HTML holds any of them. */
export async function expectNoSecretIn(page: Pick<Page, "content" | "goto">, secrets: NamedSecrets): Promise<void> {
  const found = secretsIn(await page.content(), secrets);
  if (found.length > 0) await page.goto("about:blank");
  expect(found, "secrets found in the page, by name (their values are never reported)").toEqual([]);
}
