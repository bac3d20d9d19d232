/** URL text helpers with no imports: safe for client components and the partner service alike. */

/** The address without trailing slashes, so that `${base}/path` has exactly one. */
export const withoutTrailingSlash = (url: string): string => url.replace(/\/+$/, "");
