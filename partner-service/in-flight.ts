/**
 * Data requests in flight per client (docs/partner-service.md, Rate limit). A
 * request is in flight from its authentication until its body has been read
 * to the end (or cancelled, or it failed): the page is built at once, but its
 * bytes stay in memory until the client has taken them, so a client holding
 * many answers open, or reading them slowly, holds that many pages. Beyond the
 * limit a request is refused with 429 before any work is done.
 *
 * Bounded: one count per client with a request in flight, and clients are
 * those of the registry (a request is counted only once its token is valid).
 */
import { ServiceError } from "./http";

export interface InFlightLimit {
  /** One more request of the client in flight, or a 429 ServiceError when it has `max` already; returns its release. */
  enter(clientId: string): () => void;
  /** Clients with a request in flight now (for tests). */
  readonly clients: number;
}

/**
 * The size of a piece of a body handed on: the server reads the next piece only once the socket has taken the last
 * (backpressure), so a request stays in flight until the client has nearly all of its body.
 */
export const BODY_PIECE_BYTES = 256 * 1024;

export function createInFlightLimit(max: number): InFlightLimit {
  const counts = new Map<string, number>();
  if (max <= 0) return { enter: () => () => {}, clients: 0 };
  return {
    enter(clientId) {
      const mine = counts.get(clientId) ?? 0;
      if (mine >= max)
        throw new ServiceError(
          429,
          "throttled",
          `Too many requests in flight for this client: at most ${max} at once. ` +
            "Read the answers already sent, then retry after 1 seconds.",
          { "retry-after": "1" },
        );
      counts.set(clientId, mine + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (counts.get(clientId) ?? 1) - 1;
        if (left > 0) counts.set(clientId, left);
        else counts.delete(clientId);
      };
    },
    get clients() {
      return counts.size;
    },
  };
}

/**
 * `res` with a body that calls `release` once it has been read to the end, cancelled or failed, handed on in pieces
 * of at most BODY_PIECE_BYTES. A response without a body is released at once.
 */
export function releasedWhenRead(res: Response, release: () => void): Response {
  if (!res.body) {
    release();
    return res;
  }
  const reader = res.body.getReader();
  let piece: Uint8Array | undefined;
  let offset = 0;
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          if (!piece || offset >= piece.byteLength) {
            const next = await reader.read();
            if (next.done) {
              release();
              controller.close();
              return;
            }
            [piece, offset] = [next.value, 0];
          }
          const end = Math.min(offset + BODY_PIECE_BYTES, piece.byteLength);
          controller.enqueue(piece.subarray(offset, end));
          offset = end;
        } catch (err) {
          release();
          controller.error(err);
        }
      },
      cancel(reason) {
        release();
        return reader.cancel(reason);
      },
    },
    // Nothing is read ahead: a piece is taken from the page only when the server asks for one.
    { highWaterMark: 0 },
  );
  return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
}
