import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Compression belongs to the reverse proxy in front: on this 2-core server gzipping
  // megabyte-sized partner pages would cost more CPU than building them.
  compress: false,
  serverExternalPackages: ["better-sqlite3"],
  // Partner links are exact; a trailing-slash redirect would change the addresses partners were given.
  skipTrailingSlashRedirect: true,
};

export default nextConfig;
