import type { Metadata } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";
import "./globals.css";
import "./styles/tables.css";
import "./styles/print.css";

export const metadata: Metadata = {
  title: "Study Portal",
  description: "Clinical-trial data for partner organisations",
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page is rendered per request, Next.js's own "not found" included: its scripts must carry the nonce of the
  // request's Content-Security-Policy (lib/config/security-headers.ts), and a page prerendered at build time has none.
  await connection();
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
