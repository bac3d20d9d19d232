/** next-auth's routes (sign-in, callbacks, session, CSRF, sign-out). */

import type { NextRequest } from "next/server";
import NextAuth from "next-auth";
import { authOptions } from "@/lib/auth/options";

type Context = { params: Promise<{ nextauth: string[] }> };

function handler(req: NextRequest, ctx: Context): Promise<Response> {
  return NextAuth(req, ctx, authOptions());
}

export { handler as GET, handler as POST };
