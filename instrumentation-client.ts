/**
 * Runs in the browser before the app. Zod parses without compiling code
 * (`new Function`), which the pages' Content-Security-Policy forbids (no
 * 'unsafe-eval', lib/config/security-headers.ts): otherwise zod probes for eval once
 * and the browser reports a policy violation. The server keeps zod's
 * compiled parsing, which the partner client's million records need.
 */
import { z } from "zod";

z.config({ jitless: true });
