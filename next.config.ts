import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  serverExternalPackages: ["better-sqlite3"],
  // Partner links are exact; a trailing-slash redirect would change the addresses partners were given.
  skipTrailingSlashRedirect: true,
};

export default nextConfig;
