/**
 * The session check of a route handler that answers JSON or a file: the signed-in user, or a 401 in words (a page
 * would redirect to sign in; a fetch or a download cannot follow that usefully).
 */
import { currentUser, type SessionUser } from "./dal";

export function withSessionUser<A extends unknown[]>(
  handler: (user: SessionUser, ...args: A) => Promise<Response>,
): (...args: A) => Promise<Response> {
  return async (...args: A) => {
    const user = await currentUser();
    if (!user)
      return Response.json(
        { error: "Your session has ended. Sign in again, then try again." },
        { status: 401, headers: { "cache-control": "no-store" } },
      );
    return handler(user, ...args);
  };
}
