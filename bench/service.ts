/**
 * `npm run bench:service`: generates the 1,000-subject study (once; kept in
 * bench-data/) and serves it with the production server (server/start.sh),
 * then measures laboratory Observation paging over real HTTP. Prints a Markdown
 * report and writes it to bench-data/service-report.md. A benchmark, not a
 * test: it asserts nothing.
 */
import { existsSync, mkdirSync, statSync, writeFileSync } from "node:fs";
import { intFlag, parseArgs, run } from "@/lib/cli/args";
import { API_PATH, TOKEN_PATH } from "@/partner-api/paths";
import { DEMO_PARTNERS, seedDemoPartners } from "@/partner-service/data/demo-partners";
import { demoStudies } from "@/partner-service/data/generator/generate-dataset";
import { createDatabase } from "@/partner-service/data/open";
import { ensureBuild, startServer, treeRssMiB } from "./support/start-server";
import { fmt, markdownTable, median, percentile } from "./support/stats";

const partner = DEMO_PARTNERS[0];

async function token(base: string): Promise<string> {
  const body = new URLSearchParams({
    client_id: partner.clientId,
    client_secret: partner.clientSecret,
    grant_type: "client_credentials",
    scope: "full",
  });
  const res = await fetch(`${base}${TOKEN_PATH}`, {
    method: "POST",
    body,
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  if (!res.ok) throw new Error(`token: HTTP ${res.status}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

type Getter = (url: string) => Promise<{ ms: number; bytes: number; json?: Record<string, unknown> }>;

function getter(accessToken: string): Getter {
  const headers = { authorization: `Bearer ${accessToken}`, "x-partnerid": partner.partnerId };
  return async (url) => {
    const started = performance.now();
    const res = await fetch(url, { headers });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${url}: HTTP ${res.status}`);
    return {
      ms: performance.now() - started,
      bytes: text.length,
      json: url.includes("page=1&") ? JSON.parse(text) : undefined,
    };
  };
}

const labUrl = (base: string, study: string, page: number, count: number) =>
  `${base}${API_PATH}/observation?researchstudy=${study}&category=laboratory&page=${page}&_count=${count}`;

/** `clients` concurrent loops fetch pages spread over the whole result for about `seconds`. */
async function scenario(
  get: Getter,
  urlOf: (page: number) => string,
  lastPage: number,
  clients: number,
  seconds: number,
  pid: number,
) {
  const latencies: number[] = [];
  let next = 0;
  let peakRss = 0;
  const until = performance.now() + seconds * 1000;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, treeRssMiB(pid))), 200);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < until) {
        // A stride that is prime to the page count visits deep and shallow pages alike.
        const page = ((next++ * 7919) % lastPage) + 1;
        latencies.push((await get(urlOf(page))).ms);
      }
    }),
  );
  clearInterval(sampler);
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { pages: latencies.length, elapsed, latencies, peakRss: Math.max(peakRss, treeRssMiB(pid)) };
}

run(async () => {
  const { flags } = parseArgs(process.argv.slice(2));
  const subjects = intFlag(flags, "subjects", 1000);
  const visits = intFlag(flags, "visits", 48);
  const seconds = intFlag(flags, "seconds", 8);
  const dbPath = `bench-data/partner-${subjects}x${visits}.db`;
  mkdirSync("bench-data", { recursive: true });
  const lines: string[] = [];
  const log = (s = "") => {
    console.log(s);
    lines.push(s);
  };

  const study = { ...demoStudies()[0], subjects, visits };
  if (!existsSync(dbPath)) {
    console.log(`Generating ${dbPath} (${subjects} subjects x ${visits} visits)…`);
    const r = await createDatabase(dbPath, { seed: 20240601, studies: [study], register: seedDemoPartners });
    log(
      `Generated in ${fmt(r.ms / 1000)} s: ${Object.entries(r.rows)
        .map(([k, v]) => `${k} ${v}`)
        .join(", ")}; file ${fmt(statSync(dbPath).size / 2 ** 20, 0)} MiB.`,
    );
  } else log(`Using existing ${dbPath} (${fmt(statSync(dbPath).size / 2 ** 20, 0)} MiB).`);

  ensureBuild();
  const server = await startServer(3210, {
    PARTNER_DB_PATH: dbPath,
    PARTNER_RATE_LIMIT_PER_MINUTE: "0",
    PARTNER_ROWS_PER_MINUTE: "0",
    PARTNER_DEMO_DATA: "false",
  });
  try {
    const accessToken = await token(server.baseUrl);
    const get = getter(accessToken);
    const first = await get(labUrl(server.baseUrl, study.studyNumber, 1, 1000));
    const total = Number(first.json?.total);
    log(
      `Laboratory results in ${study.studyNumber}: ${total}. ` +
        `Server RSS after start: ${fmt(treeRssMiB(server.pid), 0)} MiB.`,
    );
    log();
    const rows: (string | number)[][] = [];
    for (const count of [100, 1000]) {
      const last = Math.ceil(total / count);
      for (const clients of [1, 8, 32]) {
        const s = await scenario(
          get,
          (p) => labUrl(server.baseUrl, study.studyNumber, p, count),
          last,
          clients,
          seconds,
          server.pid,
        );
        const pagesPerS = s.pages / s.elapsed;
        rows.push([
          count,
          clients,
          fmt(pagesPerS),
          fmt(pagesPerS * count, 0),
          fmt(percentile(s.latencies, 50)),
          fmt(percentile(s.latencies, 95)),
          fmt(percentile(s.latencies, 99)),
          fmt(s.peakRss, 0),
        ]);
        console.log(`  _count=${count} clients=${clients}: ${fmt(pagesPerS)} pages/s`);
      }
    }
    log(
      markdownTable(
        ["_count", "clients", "pages/s", "resources/s", "p50 ms", "p95 ms", "p99 ms", "server RSS MiB"],
        rows,
      ),
    );
    log();
    await firstAndLast(get, server.baseUrl, study.studyNumber, total, log);
    await fullWalk(accessToken, server.baseUrl, study.studyNumber, log);
  } finally {
    await server.stop();
  }
  writeFileSync("bench-data/service-report.md", `${lines.join("\n")}\n`);
});

async function firstAndLast(get: Getter, base: string, study: string, total: number, log: (s?: string) => void) {
  for (const count of [100, 1000]) {
    const last = Math.ceil(total / count);
    const time = async (page: number) => {
      const samples: number[] = [];
      for (let i = 0; i < 30; i++) samples.push((await get(labUrl(base, study, page, count))).ms);
      return median(samples);
    };
    const f = await time(1);
    const l = await time(last);
    log(
      `_count=${count}: first page ${fmt(f)} ms, last page (${last}) ${fmt(l)} ms ` +
        `(median of 30; last/first ${fmt(l / f, 2)}).`,
    );
  }
}

/** Pages through every laboratory result by following `next` links, one request at a time, as a simple client would. */
async function fullWalk(token: string, base: string, study: string, log: (s?: string) => void) {
  const headers = { authorization: `Bearer ${token}`, "x-partnerid": partner.partnerId };
  const started = performance.now();
  let url: string | undefined = labUrl(base, study, 1, 1000);
  let pages = 0;
  let resources = 0;
  while (url) {
    const res = await fetch(url, { headers });
    if (res.status !== 200) throw new Error(`${url}: HTTP ${res.status}`);
    const bundle = (await res.json()) as { entry?: unknown[]; link: { relation: string; url: string }[] };
    pages++;
    resources += bundle.entry?.length ?? 0;
    url = bundle.link.find((l) => l.relation === "next")?.url;
  }
  const s = (performance.now() - started) / 1000;
  log(
    `Paging through all ${resources} laboratory results at _count=1000 by next links, one client: ` +
      `${fmt(s, 2)} s (${pages} pages, ${fmt(resources / s, 0)} resources/s).`,
  );
}
