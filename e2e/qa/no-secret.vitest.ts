/**
 * The QA suite's "no secret in the page" check (no-secret.ts) run by vitest, not Playwright: a failing check is the
 * case under test, and its message is what would go into the HTML report and the JUnit file.
 */
import { describe, expect, it } from "vitest";
import { expectNoSecretIn, secretsIn } from "./no-secret";

const SECRET = "qa-Secret&<7f3c>\"9a1e'/+";
const secrets = { QA_CLIENT_SECRET: SECRET, QA_PASSWORD: "another-long-password" };

/** A page whose HTML is `html`, recording where it was sent. */
function pageOf(html: string) {
  const visited: string[] = [];
  const goto = async (url: string) => {
    visited.push(url);
    return null;
  };
  return { visited, content: async () => html, goto };
}

/** The message a failing check gives, or undefined when it passes. */
async function failureOf(page: ReturnType<typeof pageOf>): Promise<string | undefined> {
  try {
    await expectNoSecretIn(page, secrets);
    return undefined;
  } catch (err) {
    return err instanceof Error ? `${err.message}\n${err.stack}` : String(err);
  }
}

describe("no secret in the page", () => {
  it("passes a page without the secrets", async () => {
    expect(await failureOf(pageOf("<p>Client secret: ••••••</p>"))).toBeUndefined();
  });

  it("fails naming which secret was found, never its value nor the page around it", async () => {
    const message = await failureOf(pageOf(`<p>Client secret: ${SECRET}</p><p>around-it</p>`));
    expect(message).toContain("QA_CLIENT_SECRET");
    expect(message).not.toContain("QA_PASSWORD");
    for (const part of [SECRET, "qa-Secret", "around-it"]) expect(message).not.toContain(part);
  });

  it("blanks the page first, so the failure's screenshot and page snapshot do not show the secret", async () => {
    const page = pageOf(`<p>${SECRET}</p>`);
    await failureOf(page);
    expect(page.visited).toEqual(["about:blank"]);
    const clean = pageOf("<p>nothing</p>");
    await failureOf(clean);
    expect(clean.visited).toEqual([]);
  });

  it("finds a secret however the page spells it: escaped in HTML or JSON, or URL-encoded", () => {
    expect(secretsIn("<p>qa-Secret&amp;&lt;7f3c&gt;&quot;9a1e&#x27;/+</p>", secrets)).toEqual(["QA_CLIENT_SECRET"]);
    expect(secretsIn(`{"s":${JSON.stringify(SECRET)}}`, secrets)).toEqual(["QA_CLIENT_SECRET"]);
    expect(secretsIn(`<a href="/x?s=${encodeURIComponent(SECRET)}">`, secrets)).toEqual(["QA_CLIENT_SECRET"]);
    expect(secretsIn("another-long-password and more", secrets)).toEqual(["QA_PASSWORD"]);
    expect(secretsIn("anything", { EMPTY: "" })).toEqual([]);
  });
});
