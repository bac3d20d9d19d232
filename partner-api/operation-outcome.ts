/**
 * The error form of the partner API's data endpoints: a FHIR OperationOutcome
 * with one issue (docs/partner-service.md, "Errors of the data endpoints"). The
 * service writes it; the proxy answers a path the server cannot even decode
 * with it; a client may read it. Diagnostics are fixed sentences: input is
 * never echoed back.
 */
export type IssueCode =
  | "invalid"
  | "required"
  | "login"
  | "forbidden"
  | "not-found"
  | "throttled"
  | "exception"
  | "transient"
  | "not-supported"
  | "too-long";

export const FHIR_JSON = "application/fhir+json; charset=utf-8";
export const NO_RESOURCE_AT_PATH = "No resource exists at this path.";

export interface OperationOutcome {
  resourceType: "OperationOutcome";
  issue: { severity: "fatal" | "error"; code: IssueCode; diagnostics: string }[];
}

export function operationOutcome(status: number, code: IssueCode, diagnostics: string): OperationOutcome {
  return {
    resourceType: "OperationOutcome",
    issue: [{ severity: status >= 500 ? "fatal" : "error", code, diagnostics }],
  };
}

export function operationOutcomeResponse(
  status: number,
  code: IssueCode,
  diagnostics: string,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(operationOutcome(status, code, diagnostics)), {
    status,
    headers: { "content-type": FHIR_JSON, "cache-control": "no-store", ...headers },
  });
}
