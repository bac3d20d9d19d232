/** The partner service's paths below its base URL (docs/partner-service.md). */
export const API_PATH = "/svc-apim/external/v2/crit/core/api";
export const TOKEN_PATH = "/svc-apim/external/svc-oidc/oauth2/token";
