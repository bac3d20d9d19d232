import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * Files whose tests measure time or the share of the CPU a thread gets (a user's delay beside an abusive one, an
 * export giving way to other requests, a partner that stops answering, a load handed between two caches at once):
 * they run one at a time, after the others, with the machine to themselves. The rest run two files at a time.
 */
const ALONE = [
  "lib/study/abusive-user.test.ts",
  "lib/study/partner-stops-answering.test.ts",
  "lib/study/in-slices.test.ts",
  "lib/export/write-batches.test.ts",
  "lib/study-cache/shared-loads.test.ts",
  "server/serve.test.ts",
];

const shared = {
  environment: "node",
  pool: "forks",
  testTimeout: 30_000,
  hookTimeout: 120_000,
} as const;

export default defineConfig({
  resolve: { alias: { "@": fileURLToPath(new URL("./", import.meta.url)) } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          ...shared,
          name: "unit",
          include: [
            "{lib,partner-service,partner-api,server,bench,scripts}/**/*.test.ts",
            "{sections,components}/**/*.test.{ts,tsx}",
            // The QA suite's own helpers: not *.test.ts, which Playwright would take for one of its specs.
            "e2e/qa/**/*.vitest.ts",
          ],
          exclude: ["**/node_modules/**", ...ALONE],
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: { ...shared, name: "alone", include: ALONE, maxWorkers: 1, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
