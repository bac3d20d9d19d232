"use client";
import { PageError } from "@/components/feedback/PageError";

/** The portal's pages' error boundary: Next.js's own would style itself with style attributes the policy refuses. */
export default PageError;
