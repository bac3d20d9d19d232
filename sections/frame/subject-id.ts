/** A subject ID from the address: read back, and shown (React escapes it; a long one is shortened). */
const MAX_SHOWN = 64;

export const shownSubjectId = (id: string) => (id.length > MAX_SHOWN ? `${id.slice(0, MAX_SHOWN)}…` : id);

/**
 * The subject ID of the profile's path segment. Next.js hands a dynamic segment over still percent-encoded, and
 * subjectHref (sections/frame/addresses.ts) encodes the ID; a malformed escape is kept as it came (and then
 * matches no subject).
 */
export function subjectIdOf(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
