/**
 * A request's JSON body, read whole up to a size: a body larger than `maxChars`, or not JSON, is undefined, which
 * the caller's schema then refuses in its own fixed words (nothing sent is repeated).
 */
export async function jsonBody(request: Request, maxChars: number): Promise<unknown> {
  const text = await request.text();
  if (text.length > maxChars) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
