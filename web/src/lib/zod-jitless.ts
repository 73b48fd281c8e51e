/**
 * Imported first by the SPA's entry (web/src/main.tsx), so it runs before any schema parses: with `jitless`
 * set, zod never probes `new Function`. Under the Content-Security-Policy (infra/security-headers.ts:
 * script-src 'self', no 'unsafe-eval') that probe is blocked and reported as a violation, although zod catches it.
 */
import { config } from 'zod';

config({ jitless: true });
