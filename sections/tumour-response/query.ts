/**
 * The URL state every tumour-response view shares: the response options (CR/PR confirmation, minimum time for
 * SD) and which best overall response colours the charts (as signed or as recomputed). Bad values fall back to
 * the defaults (docs/clinical-rules.md, Tumour response), never to an error.
 */
import { DEFAULT_MIN_SD_DAYS, type ResponseOptions, responseOptions } from "@/lib/clinical/response/best-response";
import type { ParamSource } from "@/lib/tables/url-state";

export type BorSource = "signed" | "recomputed";

export interface ResponseQuery {
  options: ResponseOptions;
  /** Which best overall response the views colour and sort by. */
  bor: BorSource;
}

export function parseResponseQuery(params: ParamSource): ResponseQuery {
  return {
    options: responseOptions(params.get("confirm"), params.get("sd_days")),
    bor: params.get("bor") === "signed" ? "signed" : "recomputed",
  };
}

/** The shared state as query parameters, defaults left out, for links between the views. */
export function responseQueryParams(q: ResponseQuery): URLSearchParams {
  const out = new URLSearchParams();
  if (q.options.confirm) out.set("confirm", "1");
  if (q.options.minSdDays !== DEFAULT_MIN_SD_DAYS) out.set("sd_days", String(q.options.minSdDays));
  if (q.bor === "signed") out.set("bor", "signed");
  return out;
}

/** `path` with the shared state (and `extra`) as its query. */
export function responseHref(path: string, q: ResponseQuery, extra: Record<string, string> = {}): string {
  const params = responseQueryParams(q);
  for (const [k, v] of Object.entries(extra)) params.set(k, v);
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}
