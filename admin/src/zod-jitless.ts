// Imported first by main.tsx, before any module that builds a schema: the admin forms' schemas
// (shared/contract/admin/*-form.ts) run in the console under its Content-Security-Policy, which
// forbids `eval`. `jitless` keeps zod from compiling object parsers with `new Function` and from even
// probing for it, a probe the browser would report as a CSP violation (zod docs, "z.config" and
// "jitless"; the probe is skipped under jitless in zod/v4/core/util.js `allowsEval`).
import { config } from 'zod/mini';

config({ jitless: true });
