/**
 * The server refuses a request body over 256 KiB before Next.js buffers it
 * (server/serve.mjs): a portal page in plain text, the partner API in its
 * OperationOutcome form. Nothing of the body is echoed.
 */
import { expect, test } from "@playwright/test";
import { api } from "./fixtures";

const big = Buffer.alloc(2 * 1024 * 1024, "a");

test("a body over 256 KiB is refused with 413 before anything reads it", async ({ request }) => {
  const page = await request.post("/settings/connections", { data: big, headers: { "content-type": "text/plain" } });
  expect(page.status()).toBe(413);
  expect(await page.text()).toBe("The request body is too large.");

  const service = await request.post(api("Group?researchstudy=ONC-101"), { data: big });
  expect(service.status()).toBe(413);
  expect(service.headers()["content-type"]).toContain("application/fhir+json");
  expect(await service.json()).toEqual({
    resourceType: "OperationOutcome",
    issue: [{ severity: "error", code: "too-long", diagnostics: "The request body is too large." }],
  });
});
