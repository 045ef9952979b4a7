/**
 * The Scalar API reference bundle served from node_modules, so /swagger renders on networks with no
 * internet access (the default loads it from a CDN).
 */
import { Elysia } from "elysia";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { existsSync } from "node:fs";

export const SCALAR_PATH = "/swagger/assets/scalar.js";

function scalarBundle(): string {
  const require = createRequire(import.meta.url);
  const pkg = require.resolve("@scalar/api-reference/package.json");
  const file = join(dirname(pkg), "dist/browser/standalone.js");
  if (!existsSync(file)) throw new Error(`Scalar bundle not found at ${file}`);
  return file;
}

export function docsAssets() {
  const file = Bun.file(scalarBundle());
  return new Elysia({ name: "docs-assets" }).get(
    SCALAR_PATH,
    () => new Response(file, { headers: { "content-type": "text/javascript; charset=utf-8", "cache-control": "public, max-age=86400" } }),
    { detail: { hide: true } },
  );
}
