"use client";
import { signIn } from "next-auth/react";
import { type FormEvent, useState } from "react";
import uiStyles from "@/components/ui/ui.module.css";
import { signInErrorMessage } from "@/lib/auth/sign-in-messages";
import styles from "./auth.module.css";

const FAILED = "Sign-in did not succeed. Try again in a moment.";

interface Props {
  callbackUrl: string;
  initialError?: string;
  /** The single-sign-on button's label, when single sign-on is configured. */
  ssoName?: string;
}

/** The credentials' submission: a refusal's message, or on to the page asked for. */
function useSignIn(callbackUrl: string, initialError: string | undefined) {
  const [error, setError] = useState(initialError);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setPending(true);
    setError(undefined);
    try {
      const res = await signIn("credentials", {
        email: String(data.get("email") ?? ""),
        password: String(data.get("password") ?? ""),
        redirect: false,
      });
      if (res?.ok && !res.error) {
        window.location.assign(callbackUrl);
        return;
      }
      setError(signInErrorMessage(res?.error) ?? FAILED);
    } catch {
      setError(FAILED);
    }
    setPending(false);
  }
  return { error, pending, onSubmit };
}

export function SignInForm({ callbackUrl, initialError, ssoName }: Props) {
  const { error, pending, onSubmit } = useSignIn(callbackUrl, initialError);
  return (
    <div className={styles.box}>
      <form onSubmit={onSubmit} className={styles.form} aria-describedby={error ? "signin-error" : undefined}>
        <label htmlFor="email">Email</label>
        {/* biome-ignore lint/a11y/noAutofocus: signing in is the one thing this page is for;
            the field a keyboard user needs first. */}
        <input id="email" name="email" type="email" autoComplete="username" required autoFocus />
        <label htmlFor="password">Password</label>
        <input id="password" name="password" type="password" autoComplete="current-password" required />
        {error && (
          <p id="signin-error" role="alert" className={styles.error}>
            {error}
          </p>
        )}
        <button type="submit" className={uiStyles.buttonPrimary} disabled={pending}>
          {pending ? "Signing in…" : "Sign in"}
        </button>
      </form>
      {ssoName && (
        <button type="button" className={styles.sso} onClick={() => signIn("oidc", { callbackUrl })}>
          Sign in with {ssoName}
        </button>
      )}
    </div>
  );
}
