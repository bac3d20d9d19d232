/**
 * Shared pieces of the HTTP-level tests of the partner service: addresses,
 * the demo partners, token caching, request builders, typed Bundle/Resource
 * accessors, error-body assertions and a read-only view of the test database.
 *
 * Every expected value here comes from the interface as docs/partner-service.md
 * states it (written from the sponsor's specification, with the points it
 * leaves open in "Decisions where the specification is silent") or from the
 * database file read directly; nothing is computed by the service's own code.
 */

export * from "./support/addresses";
export * from "./support/check";
export * from "./support/database";
export * from "./support/error-checks";
export * from "./support/requests";
export * from "./support/resource-fields";
