/** The connection's own address, which every request of its client stays under. */
/**
 * Whether a link of the service stays under the connection's base URL: its origin, and its path by whole segments
 * (`/api` does not cover `/api-evil`), `..` resolved by the URL parser. An escaped `/` or `\` is refused: a server
 * that decodes it would read another path than the one checked.
 */
export function underBase(url: string, origin: string, basePath: string): boolean {
  if (!URL.canParse(url)) return false;
  const link = new URL(url);
  if (link.origin !== origin || /%(2f|5c)/i.test(link.pathname)) return false;
  return basePath === "" || link.pathname === basePath || link.pathname.startsWith(`${basePath}/`);
}
