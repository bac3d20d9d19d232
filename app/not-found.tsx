import Link from "next/link";

/**
 * Any address the portal does not have. Next.js's built-in page would do, but it styles itself with an inline
 * <style> element that carries no nonce, which the pages' Content-Security-Policy refuses
 * (lib/config/security-headers.ts).
 */
export default function NotFound() {
  return (
    <main>
      <h1>Page not found</h1>
      <p>
        The portal has no page at this address. <Link href="/">Go to your studies</Link>
      </p>
    </main>
  );
}
