import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain ES module without types, started by scripts/start.sh.
import { bodyRefusal, MAX_BODY_BYTES } from "./serve.mjs";

const TOKEN = "/svc-apim/external/svc-oidc/oauth2/token";

describe("the server's body limit", () => {
  it("refuses a body over the limit, or of a length it cannot read, before Next.js buffers it", () => {
    expect(bodyRefusal("/settings/connections", { "content-length": String(MAX_BODY_BYTES + 1) })).toBe(413);
    expect(bodyRefusal("/settings/connections", { "content-length": "1e9" })).toBe(413);
    expect(bodyRefusal("/svc-apim/external/v2/crit/core/api/Group", { "content-length": "5000000" })).toBe(413);
    expect(bodyRefusal("/", { "transfer-encoding": "chunked" })).toBe(411);
  });

  it("lets ordinary requests through, and leaves the token endpoint to the partner service", () => {
    expect(bodyRefusal("/settings/connections", { "content-length": "2048" })).toBeUndefined();
    expect(bodyRefusal("/", {})).toBeUndefined();
    expect(bodyRefusal(TOKEN, { "transfer-encoding": "chunked" })).toBeUndefined();
    expect(bodyRefusal(`${TOKEN}?grant_type=client_credentials`, { "content-length": "99999999" })).toBeUndefined();
  });
});
