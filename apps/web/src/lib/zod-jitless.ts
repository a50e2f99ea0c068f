import type { $ZodConfig } from 'zod/v4/core';

/**
 * zod compiles object parsers with `new Function` and, to know whether it may, probes once with
 * `Function('')` when the first object schema is built. The site's Content Security Policy has no
 * `unsafe-eval` (apps/api/src/platform/http/security-headers.ts), so the browser blocks the probe and
 * reports a violation on every page that loads a schema. `jitless` skips both the probe and the
 * compiling; the browser parses few enough values that the interpreted parser costs nothing visible.
 *
 * Set through the object zod shares on `globalThis` (zod/v4/core's `globalConfig`, which zod adopts
 * when it loads), not `z.config()`: importing zod here would put its core into the entry chunk of
 * every public page. main.tsx imports this module first, before any module that builds a schema.
 */
const shared = globalThis as { __zod_globalConfig?: $ZodConfig };
shared.__zod_globalConfig ??= {};
shared.__zod_globalConfig.jitless = true;
