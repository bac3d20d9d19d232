"use client";
import { signOut } from "next-auth/react";
import { useState } from "react";
import { useHydrated } from "@/components/data-table/use-hydrated";

export function SignOutButton() {
  const [pending, setPending] = useState(false);
  // Disabled until the page's script runs, as the tables' controls are: a click before then would do nothing.
  const hydrated = useHydrated();
  async function onClick() {
    setPending(true);
    // No redirect by next-auth: its absolute URLs depend on NEXTAUTH_URL; this path does not.
    await signOut({ redirect: false });
    window.location.assign("/signin");
  }
  return (
    <button type="button" onClick={onClick} disabled={pending || !hydrated}>
      Sign out
    </button>
  );
}
