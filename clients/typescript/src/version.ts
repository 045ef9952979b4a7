// Generated from the service's OpenAPI document by scripts/generate-client.ts (openapi-typescript). Do not edit.

/** This package's version (its package.json). */
export const CLIENT_VERSION = "0.1.0";
/** The API version (`API-Version`) of the document these types were generated from. */
export const API_VERSION = "2026-11-29";
