/** Next 16 middleware: only redirects and guards, never data access. */
import type { NextRequest } from "next/server";
import { malformedPathResponse } from "./lib/partner-service/http";

export function proxy(req: NextRequest) {
  if (req.nextUrl.pathname.startsWith("/svc-apim/")) return malformedPathResponse(req.url);
  return undefined;
}

export const config = { matcher: ["/svc-apim/:path*"] };
