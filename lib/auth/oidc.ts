/**
 * The optional OpenID Connect provider, on when OIDC_ISSUER, OIDC_CLIENT_ID
 * and OIDC_CLIENT_SECRET are all set. Endpoints come from the issuer's
 * discovery document; the ID token is checked, with PKCE and state.
 */
import type { OAuthConfig } from "next-auth/providers/oauth";
import { z } from "zod";
import type { Env } from "@/lib/config/env";
import { withoutTrailingSlash } from "@/lib/http/url";

export const OIDC_PROVIDER_ID = "oidc";

export const oidcProfileSchema = z.looseObject({
  sub: z.string().min(1),
  email: z.email(),
  email_verified: z.boolean().optional(),
  name: z.string().optional(),
});
type OidcProfile = z.infer<typeof oidcProfileSchema>;

const OIDC_VARS = ["OIDC_ISSUER", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET"] as const;

/** Why the OIDC settings cannot work (some set, some not), or undefined. */
export function oidcConfigProblem(e: Env): string | undefined {
  const missing = OIDC_VARS.filter((v) => !e[v]);
  if (missing.length === 0 || missing.length === OIDC_VARS.length) return undefined;
  return `Single sign-on needs ${OIDC_VARS.join(", ")} together; missing: ${missing.join(", ")}.`;
}

export function oidcProvider(e: Env): OAuthConfig<OidcProfile> | undefined {
  if (!e.OIDC_ISSUER || !e.OIDC_CLIENT_ID || !e.OIDC_CLIENT_SECRET) return undefined;
  const issuer = withoutTrailingSlash(e.OIDC_ISSUER);
  return {
    id: OIDC_PROVIDER_ID,
    name: e.OIDC_NAME,
    type: "oauth",
    issuer,
    wellKnown: `${issuer}/.well-known/openid-configuration`,
    clientId: e.OIDC_CLIENT_ID,
    clientSecret: e.OIDC_CLIENT_SECRET,
    idToken: true,
    checks: ["pkce", "state"],
    authorization: { params: { scope: "openid email profile" } },
    profile: (p) => ({ id: p.sub, email: p.email, name: p.name ?? p.email }),
  };
}
