/**
 * zod compiles each object schema's parser with `new Function` when the page allows it, and finds out by
 * trying once as the schemas load. The gateway's Content-Security-Policy allows no eval (script-src 'self'),
 * so that try is refused and reported as a violation on every member screen (and by Lighthouse). Saying up
 * front that there is no eval (zod's `jitless`, the setting its docs give for such a policy) skips the try;
 * the parsers are the ones the refusal gave anyway.
 *
 * Set through zod's shared global configuration, which every copy of zod reads when it loads, rather than by
 * importing zod's `config()`: that import would put zod's core into the landing page's initial JS (goal 5:
 * 100 KB), where no schema is used. Imported first by main.tsx, so it runs before any schema module loads;
 * test/visitors.test.ts fails on any policy violation.
 */
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };
