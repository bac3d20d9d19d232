/**
 * `npm run test:qa`: the QA suite (e2e/qa) against a deployed portal given by QA_BASE_URL, with the QA account and
 * partner credentials from the QA_* variables (docs/testing.md, QA against a deployment). No server is started here,
 * and nothing reaches the server but HTTP. Reports: qa-report/html (HTML) and qa-report/junit.xml (JUnit XML).
 */
import { defineConfig } from "@playwright/test";
import { readQaEnv } from "@/e2e/qa/qa-env";

// Fails before any browser starts, naming every missing or malformed variable.
const qa = readQaEnv(process.env);

export default defineConfig<{ qaFromEnvironment: boolean }>({
  testDir: "e2e/qa",
  fullyParallel: true,
  workers: Number(process.env.QA_WORKERS ?? 2),
  forbidOnly: true,
  retries: 0,
  timeout: 180_000,
  reporter: [
    ["list"],
    ["html", { outputFolder: "qa-report/html", open: "never" }],
    ["junit", { outputFile: "qa-report/junit.xml" }],
  ],
  outputDir: "qa-report/test-results",
  use: {
    baseURL: qa.baseUrl,
    qaFromEnvironment: true,
    // No trace or video: they would hold the form posts and the typed fields. A failure keeps a screenshot.
    trace: "off",
    video: "off",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.QA_CHROMIUM ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
    },
  },
});
