import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": fileURLToPath(new URL("./", import.meta.url)) } },
  test: {
    include: [
      "{lib,partner-service,partner-api,server,bench,scripts}/**/*.test.ts",
      "{sections,components}/**/*.test.{ts,tsx}",
      // The QA suite's own helpers: not *.test.ts, which Playwright would take for one of its specs.
      "e2e/qa/**/*.vitest.ts",
    ],
    environment: "node",
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
