/**
 * Response helpers and the one error type of the service. Diagnostics are
 * fixed sentences chosen by the service: a client's input is never echoed
 * back, so nothing it sends can be reflected into a response.
 */
import {
  FHIR_JSON,
  type IssueCode,
  NO_RESOURCE_AT_PATH,
  operationOutcomeResponse,
} from "@/partner-api/operation-outcome";

export type { IssueCode };

export class ServiceError extends Error {
  constructor(
    readonly status: number,
    readonly code: IssueCode,
    readonly diagnostics: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(diagnostics);
  }
}

const JSON_TYPE = FHIR_JSON;

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": JSON_TYPE, ...headers } });
}

/**
 * A body already serialised (the bundle writer builds its JSON by hand for
 * speed), handed over as one encoded buffer with its length: a string body
 * would be re-encoded and streamed in small chunks by the server.
 */
export function rawJsonResponse(body: string, status = 200): Response {
  const bytes = Buffer.from(body, "utf8");
  return new Response(bytes, {
    status,
    headers: { "content-type": JSON_TYPE, "content-length": String(bytes.length) },
  });
}

/** The service's error answer (the contract's OperationOutcome, partner-api/operation-outcome.ts). */
export const operationOutcome = operationOutcomeResponse;

export function errorResponse(err: unknown): Response {
  if (err instanceof ServiceError) return operationOutcome(err.status, err.code, err.diagnostics, err.headers);
  // Unexpected failures are logged by message only and answered generically: no stack leaves the process.
  console.error("partner-service: internal error:", err instanceof Error ? err.message : "unknown");
  return operationOutcome(500, "exception", "The service failed to process the request. Try again later.");
}

export const badRequest = (diagnostics: string) => new ServiceError(400, "invalid", diagnostics);
export const notFound = (diagnostics = NO_RESOURCE_AT_PATH) => new ServiceError(404, "not-found", diagnostics);
export const forbidden = (diagnostics: string) => new ServiceError(403, "forbidden", diagnostics);
export const unauthorized = (diagnostics: string, tokenSent: boolean) =>
  new ServiceError(401, "login", diagnostics, {
    "www-authenticate": tokenSent ? 'Bearer error="invalid_token"' : "Bearer",
  });
