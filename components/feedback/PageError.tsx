"use client";
/**
 * What a page shows when an unexpected error stops it on the server or in the browser (a fault of the portal,
 * not a partner's answer: those are the study frame's own messages). It says what happened and what to do, with
 * the reference the server's log holds; the error's own text is not shown, as it may carry internals.
 */
import { MESSAGE_CLASS } from "./message-class";

export function PageError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <main>
      <section role="alert" aria-labelledby="page-error-title" className={MESSAGE_CLASS.error}>
        <h2 id="page-error-title">This page could not be shown</h2>
        <p>
          An error in the portal stopped it. Try again; if it happens again, tell your administrator
          {error.digest ? ` and give the reference ${error.digest}` : ""}.
        </p>
        <button type="button" onClick={reset}>
          Try again
        </button>
      </section>
    </main>
  );
}
