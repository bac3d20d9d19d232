/**
 * A review request from the browser (marks, comments, saved views; the queue's next place): POSTed as JSON to the
 * portal's own route (or read from it), its JSON answer, or in words why nothing was done (the route's own words,
 * the status it answered, or the network).
 */

export const NETWORK = "The portal could not be reached. Check your network connection, then try again.";

export type Posted<T> = { ok: true; answer: T } | { ok: false; words: string };

export const postReview = <T extends object>(url: string, body: object): Promise<Posted<T>> =>
  answerOf<T>(
    fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
  );

/** A review read (where the queue goes on): its JSON answer, or in words why there is none. */
export const getReview = <T extends object>(url: string): Promise<Posted<T>> => answerOf<T>(fetch(url));

async function answerOf<T extends object>(request: Promise<Response>): Promise<Posted<T>> {
  const res = await request.catch(() => null);
  const answer = res ? ((await res.json().catch(() => null)) as (T & { error?: string }) | null) : null;
  if (res?.ok && answer) return { ok: true, answer };
  const words = answer?.error ?? (res ? `The portal answered ${res.status}. Reload the page and try again.` : NETWORK);
  return { ok: false, words };
}
