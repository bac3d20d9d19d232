/** Where workers come from: the bundled chunk in the app's build, the TypeScript source through tsx elsewhere. */
import { afterEach, describe, expect, it, vi } from "vitest";
import { inAppBuild, tsxWorker } from "./tsx-worker";

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("tsxWorker", () => {
  it("runs a TypeScript module in a worker outside the app's build", async () => {
    expect(inAppBuild()).toBe(false);
    const entry = new URL("./process-singleton.ts", import.meta.url).href;
    const worker = tsxWorker(entry);
    const code = await new Promise((resolve) => worker.once("exit", resolve));
    expect(code).toBe(0);
  });

  it("refuses in the app's build, which must start its bundled worker, never the sources", () => {
    vi.stubEnv("NEXT_RUNTIME", "nodejs");
    expect(inAppBuild()).toBe(true);
    expect(() => tsxWorker(new URL("./process-singleton.ts", import.meta.url).href)).toThrow(
      /The app's build started a worker from its source/,
    );
  });
});
