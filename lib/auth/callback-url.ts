const SITE = "http://portal.invalid";

/** Where to go after signing in: a path on this site only, never another origin. */
export function safeCallbackUrl(value: unknown): string {
  if (typeof value !== "string" || !value.startsWith("/")) return "/";
  // Browsers drop tabs and newlines and read a backslash as a slash in a Location header: "/\t/evil.example"
  // would leave the site.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what this refuses.
  if (/[\x00-\x20\x7f\\]/.test(value) || value.startsWith("//")) return "/";
  if (!URL.canParse(value, SITE) || new URL(value, SITE).origin !== SITE) return "/";
  if (value === "/signin" || value.startsWith("/signin?") || value.startsWith("/api/auth")) return "/";
  return value;
}
