/**
 * What every service route file exports: all methods go to the service, which
 * answers wrong methods and unknown paths in its own error format.
 */
import { handlePartnerRequest } from "./instance";

export const serviceRoute = {
  GET: handlePartnerRequest,
  HEAD: handlePartnerRequest,
  POST: handlePartnerRequest,
  PUT: handlePartnerRequest,
  PATCH: handlePartnerRequest,
  DELETE: handlePartnerRequest,
  OPTIONS: handlePartnerRequest,
};
