import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SignInForm } from "@/components/auth/SignInForm";
import { DemoBanner } from "@/components/shell/DemoBanner";
import { safeCallbackUrl } from "@/lib/auth/callback-url";
import { currentUser } from "@/lib/auth/dal";
import { oidcProvider } from "@/lib/auth/oidc";
import { signInErrorMessage } from "@/lib/auth/sign-in-messages";
import { env } from "@/lib/config/env";
import { DEMO_USER } from "@/lib/demo/demo-account";

export const metadata: Metadata = { title: "Sign in · Study Portal" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function SignInPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const callbackUrl = safeCallbackUrl(params.callbackUrl);
  if (await currentUser()) redirect(callbackUrl);
  const e = env();
  return (
    <>
      {e.DEMO_MODE && <DemoBanner credentials={{ email: DEMO_USER.email, password: DEMO_USER.password }} />}
      <main>
        <h1>Sign in to Study Portal</h1>
        <SignInForm
          callbackUrl={callbackUrl}
          initialError={signInErrorMessage(params.error)}
          ssoName={oidcProvider(e)?.name}
        />
      </main>
    </>
  );
}
