/**
 * How to reach every page of a search. Our service numbers its pages, so
 * once the first page names the last one the rest can be fetched side by
 * side; a server whose links carry no page number is walked by `next` links.
 */
import { setMaxListeners } from "node:events";

export type Link = { relation: string; url: string };

export const linkOf = (links: Link[] | undefined, relation: string) => links?.find((l) => l.relation === relation)?.url;

/**
 * URLs of pages 2..last, made from the server's own `next` link by changing
 * only its page number; undefined when the links do not number their pages.
 */
export function numberedPages(next: string | undefined, last: string | undefined): string[] | undefined {
  if (!next || !last) return undefined;
  let nextUrl: URL;
  let lastUrl: URL;
  try {
    nextUrl = new URL(next);
    lastUrl = new URL(last);
  } catch {
    return undefined;
  }
  const from = Number(nextUrl.searchParams.get("page"));
  const to = Number(lastUrl.searchParams.get("page"));
  if (!Number.isInteger(from) || !Number.isInteger(to) || from < 2 || to < from || to - from > 100_000)
    return undefined;
  const urls: string[] = [];
  for (let page = from; page <= to; page++) {
    nextUrl.searchParams.set("page", String(page));
    urls.push(nextUrl.toString());
  }
  return urls;
}

/**
 * Runs `task` over `items` with at most `limit` at once; results keep the items' order; the first failure stops
 * the rest, and so does an abort of `signal` (no task starts after it; the pool rejects with its reason).
 */
export async function pool<T, R>(
  items: T[],
  limit: number,
  task: (item: T, index: number) => Promise<R>,
  signal?: AbortSignal,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      signal?.throwIfAborted();
      const i = next++;
      try {
        results[i] = await task(items[i], i);
      } catch (err) {
        failed = true;
        throw err;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * The rows of every page after the first: side by side when the links number their pages, then by `next` links
 * (links that do not number their pages, or a `last` that was short). `page` is given each page's index in the
 * search (1 for the second page).
 */
export async function laterPages<R>(
  firstLinks: Link[] | undefined,
  page: (url: string, index: number) => Promise<{ link?: Link[]; rows: R[] }>,
  concurrency: number,
  signal?: AbortSignal,
): Promise<R[][]> {
  const chunks: R[][] = [];
  let next = linkOf(firstLinks, "next");
  const planned = numberedPages(next, linkOf(firstLinks, "last"));
  // Page indexes count from the first page, 0, which the caller has.
  if (planned) {
    const rest = await pool(planned, concurrency, (url, i) => page(url, i + 1), signal);
    for (const p of rest) chunks.push(p.rows);
    next = linkOf(rest.at(-1)?.link, "next");
  }
  for (let guard = 0; next && guard < 1_000_000; guard++) {
    const p = await page(next, chunks.length + 1);
    chunks.push(p.rows);
    next = linkOf(p.link, "next");
  }
  return chunks;
}

/**
 * The signal of one search's pages: aborted with the caller's `signal`, or by `end()` once the search has ended
 * (with its first failure, or done). A page that fails ends the search at once; without this, the pages still in
 * flight or waiting for a turn would go on asking the service, retries and time-outs included, for rows nobody
 * will see: against a service that has stopped answering, a failed load would hold its turns for another whole
 * round of time-outs, and delay every load waiting behind it.
 */
export function searchSignal(
  signal: AbortSignal | undefined,
  concurrency: number,
): { pages: AbortSignal; end(): void } {
  const ended = new AbortController();
  const pages = signal ? AbortSignal.any([signal, ended.signal]) : ended.signal;
  // Each page in flight listens (its fetch, its turn, its wait between retries): more than Node's default of 10.
  setMaxListeners(4 * concurrency, pages);
  return { pages, end: () => ended.abort(new Error("The search has ended.")) };
}
