/**
 * failureOf reads the facts of a partner client's error, also of one made by another bundle's copy of the error
 * classes (Next.js bundles route handlers apart from pages, and the process's one study cache throws the errors of
 * the bundle that made it); any other error is no failure to explain.
 */
import { describe, expect, it } from "vitest";
import { StudyForbiddenError } from "@/lib/partner-client/errors";
import { failureOf } from "./failure";

/** The registry symbol every copy of lib/partner-client/errors.ts marks its PartnerError with. */
const MARK = Symbol.for("study-portal.partner-error");
const request = { what: "Group" as const, study: "ONC-102", path: "/svc-apim/external/v2/crit/core/api/Group" };

describe("failureOf", () => {
  const facts = { kind: "forbidden", request, status: 403, attempts: 1 };

  it("reads a partner error's facts", () => {
    expect(failureOf(new StudyForbiddenError(request, 403, 1))).toEqual(facts);
  });

  it("reads them from a copy of the class made by another bundle", () => {
    // The same class, loaded again: what instanceof cannot recognise.
    class CopyOfForbidden extends Error {
      readonly kind = "forbidden";
      constructor(
        readonly request: typeof facts.request,
        readonly status: number,
        readonly attempts: number,
      ) {
        super("HTTP 403 from the partner service");
      }
      facts() {
        return { kind: this.kind, request: this.request, status: this.status, attempts: this.attempts };
      }
    }
    // The mark every copy of the client's errors module puts on its PartnerError (lib/partner-client/errors.ts).
    Object.defineProperty(CopyOfForbidden.prototype, MARK, { value: true });
    expect(failureOf(new CopyOfForbidden(request, 403, 1))).toEqual(facts);
  });

  it("is nothing for any other error, even one with a kind", () => {
    expect(failureOf(new Error("bug"))).toBeUndefined();
    expect(failureOf(Object.assign(new Error("x"), { kind: "forbidden" }))).toBeUndefined();
    expect(failureOf({ kind: "forbidden", facts: () => facts, request })).toBeUndefined();
  });
});
