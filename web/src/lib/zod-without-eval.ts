/**
 * Zod as the browser gets it (web/vite.config.ts aliases `zod` here): with `jitless` set before
 * any schema parses, so zod never probes `new Function`. Under the Content-Security-Policy
 * (infra/security-headers.ts: script-src 'self', no 'unsafe-eval') that probe is blocked and
 * reported as a violation on every page, although zod catches it.
 */
import * as z from 'zod/v4';

z.config({ jitless: true });

export * from 'zod/v4';
export { z, z as default };
