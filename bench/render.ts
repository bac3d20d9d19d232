/**
 * `npm run bench:render`: the response plots in Chromium on the 1,000-subject study (the database of
 * `npm run bench:service`, created if missing), with the data cached: for the waterfall (about 1,000 bars), the
 * spider plot (its default 50 lines) and the swimmer plot (a page of 50 bars), the time from asking for the page
 * to its last chart mark drawn, and (waterfall and swimmer) from hovering a bar to its tooltip. Signs in as the
 * demo user in the browser. A benchmark, not a test: it asserts nothing.
 */
import { chromium, type Page } from "@playwright/test";
import { intFlag, parseArgs, run } from "@/lib/cli/args";
import { benchDatabase, benchReport } from "./support/bench-database";
import { ensureBuild, startServer } from "./support/start-server";
import { fmt, markdownTable, percentile } from "./support/stats";

const PORT = 3292;
const PLOTS = [
  { name: "Waterfall", path: "tumour-response/waterfall", mark: "g[data-percent] rect", hover: true },
  // The spider plot's tooltip follows the mouse along the days axis, not a mark: its hover is not timed here.
  { name: "Spider plot", path: "tumour-response/spider", mark: "g[data-day]", hover: false },
  { name: "Swimmer plot", path: "tumour-response/swimmer", mark: "g[data-days] rect", hover: true },
];

run(async () => {
  const { flags } = parseArgs(process.argv.slice(2));
  const repeats = intFlag(flags, "repeats", 5);
  const { dbPath, study } = await benchDatabase(flags);
  ensureBuild();
  const server = await startServer(PORT, {
    PARTNER_DB_PATH: dbPath,
    PARTNER_RATE_LIMIT_PER_MINUTE: "0",
    PARTNER_ROWS_PER_MINUTE: "0",
  });
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
  const report = benchReport("render-report.md");
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    page.setDefaultTimeout(Number(process.env.BENCH_TIMEOUT_MS ?? 300_000));
    const studyUrl = await signInAndOpen(page, server.baseUrl, study.studyNumber);
    const rows: (string | number)[][] = [];
    for (const plot of PLOTS) {
      // The first visit loads the study's records into the cache; it is not measured.
      await page.goto(`${studyUrl}/${plot.path}`);
      await page.locator(plot.mark).first().waitFor();
      const drawn: number[] = [];
      const hovered: number[] = [];
      let marks = 0;
      for (let i = 0; i < repeats; i++) {
        const t0 = Date.now();
        await page.goto(`${studyUrl}/${plot.path}`);
        marks = await waitForAllMarks(page, plot.mark);
        drawn.push(Date.now() - t0);
        if (plot.hover) hovered.push(await hoverTime(page, plot.mark, i));
      }
      rows.push([plot.name, marks, ...stats(drawn), ...(plot.hover ? stats(hovered) : ["–", "–"])]);
      console.log(`  ${plot.name}: ${marks} marks, drawn p50 ${fmt(percentile(sorted(drawn), 50), 0)} ms`);
    }
    report.log(`Study ${study.studyNumber} (1,000 subjects), Chromium ${browser.version()}, ${repeats} visits a plot.`);
    report.log();
    const head = ["plot", "marks", "page to last mark p50 ms", "p95 ms", "hover to tooltip p50 ms", "p95 ms"];
    report.log(markdownTable(head, rows));
  } catch (err) {
    await browser.contexts()[0]?.pages()[0]?.screenshot({ path: "bench-data/render-failure.png", fullPage: true });
    throw err;
  } finally {
    await browser.close();
    await server.stop();
  }
  report.save();
});

async function signInAndOpen(page: Page, baseUrl: string, study: string): Promise<string> {
  await page.goto(`${baseUrl}/signin`);
  await page.getByLabel("Email").fill("demo@studyportal.example");
  await page.getByLabel("Password").fill("demo-portal-2024!");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL((u) => !u.pathname.startsWith("/signin"));
  await page.getByRole("link", { name: study, exact: true }).first().click();
  await page.waitForURL((u) => u.pathname.startsWith("/studies/"));
  return page.url().split("?")[0];
}

/** Waits until the number of marks stops growing (recharts may draw in more than one frame); returns it. */
async function waitForAllMarks(page: Page, mark: string): Promise<number> {
  await page.locator(mark).first().waitFor();
  return page.evaluate(async (selector) => {
    let last = -1;
    for (;;) {
      const n = document.querySelectorAll(selector).length;
      if (n === last) return n;
      last = n;
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    }
  }, mark);
}

/** Hovers the i-th mark (a different one each time) and times the tooltip's appearance. */
async function hoverTime(page: Page, mark: string, i: number): Promise<number> {
  await page.mouse.move(0, 0);
  const target = page.locator(mark).nth(i * 7);
  await target.scrollIntoViewIfNeeded();
  const t0 = Date.now();
  await target.hover({ force: true });
  await page.locator(".recharts-tooltip-wrapper").filter({ hasText: /\S/ }).first().waitFor({ state: "visible" });
  return Date.now() - t0;
}

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const stats = (xs: number[]) => [fmt(percentile(sorted(xs), 50), 0), fmt(percentile(sorted(xs), 95), 0)];
