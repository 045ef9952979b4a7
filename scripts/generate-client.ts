/**
 * Generates the TypeScript client's types (clients/typescript) from the service's OpenAPI document,
 * with openapi-typescript: `clients/typescript/src/schema.ts`, the types of every route (the document
 * without its `servers`, which name the machine it was read from), and `src/version.ts`, the package's
 * version and the document's API version, which the client sends in its User-Agent. The document
 * itself is committed as `openapi.json` at the top of the repository (the contract, for any other
 * language's generator, without a running service).
 *
 *   bun scripts/generate-client.ts                          # starts a throwaway sandbox (api role) to read it
 *   bun scripts/generate-client.ts http://localhost:3000    # or reads it from a running service
 *
 * test/client.test.ts reads the document from a running service and fails when the committed files
 * differ from what it generates, so the client never drifts from the API.
 */
import openapiTS, { astToString } from "openapi-typescript";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export const CLIENT_DIR = join(import.meta.dir, "..", "clients", "typescript");
export const DOCUMENT_FILE = join(import.meta.dir, "..", "openapi.json");

const HEADER = "// Generated from the service's OpenAPI document by scripts/generate-client.ts (openapi-typescript). Do not edit.\n";

export async function generateClientFiles(doc: Record<string, unknown>): Promise<{ schema: string; version: string; document: string }> {
  const { servers: _servers, ...portable } = doc;
  const pkg = JSON.parse(readFileSync(join(CLIENT_DIR, "package.json"), "utf8")) as { version: string };
  const apiVersion = String((doc.info as { version?: unknown } | undefined)?.version);
  const version = `${HEADER}
/** This package's version (its package.json). */
export const CLIENT_VERSION = ${JSON.stringify(pkg.version)};
/** The API version (\`API-Version\`) of the document these types were generated from. */
export const API_VERSION = ${JSON.stringify(apiVersion)};
`;
  const document = `${JSON.stringify(portable, null, 2)}\n`;
  // defaultNonNullable off: a field with a default (a create's `ttl`) is optional to send, not required.
  return { schema: HEADER + astToString(await openapiTS(JSON.parse(JSON.stringify(portable)), { defaultNonNullable: false })), version, document };
}

/** The OpenAPI document of a service started for the purpose: the API role on a sandbox of its own. */
async function documentOfThrowawaySandbox(): Promise<Record<string, unknown>> {
  const { mkdtempSync, rmSync, chmodSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const { loadConfig } = await import("../src/config.ts");
  const { startService } = await import("../src/service.ts");
  const { freePort } = await import("../src/sandbox/ports.ts");
  const dir = mkdtempSync(join(tmpdir(), "stablepay-client-gen-"));
  chmodSync(dir, 0o755); // the embedded Postgres runs as the `postgres` user when we are root
  const config = loadConfig({
    DATA_DIR: dir,
    PORT: String(await freePort()),
    EMBEDDED_POSTGRES_PORT: String(await freePort()),
    SANDBOX_ANVIL_PORT: String(await freePort()),
    SANDBOX_ANVIL_PORT_ARBITRUM: String(await freePort()),
    INDEXER_PORT: String(await freePort()),
    ROLES: "api",
    LOG_LEVEL: "error",
  });
  const service = await startService(config, { writeInfoFile: false });
  try {
    return (await (await fetch(`${service.apiUrl}/swagger/json`)).json()) as Record<string, unknown>;
  } finally {
    await service.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const base = process.argv[2];
  let doc: Record<string, unknown>;
  if (base) {
    const res = await fetch(`${base}/swagger/json`);
    if (!res.ok) throw new Error(`${base}/swagger/json answered ${res.status}: is the service running (npm start)?`);
    doc = (await res.json()) as Record<string, unknown>;
  } else doc = await documentOfThrowawaySandbox();
  const files = await generateClientFiles(doc);
  writeFileSync(join(CLIENT_DIR, "src", "schema.ts"), files.schema);
  writeFileSync(join(CLIENT_DIR, "src", "version.ts"), files.version);
  writeFileSync(DOCUMENT_FILE, files.document);
  console.log(`wrote ${join(CLIENT_DIR, "src", "schema.ts")}, version.ts and ${DOCUMENT_FILE}`);
  process.exit(0);
}
