"use client";
import { signOut } from "next-auth/react";
import { useState } from "react";

export function SignOutButton() {
  const [pending, setPending] = useState(false);
  async function onClick() {
    setPending(true);
    // No redirect by next-auth: its absolute URLs depend on NEXTAUTH_URL; this path does not.
    await signOut({ redirect: false });
    window.location.assign("/signin");
  }
  return (
    <button type="button" onClick={onClick} disabled={pending}>
      Sign out
    </button>
  );
}
