/**
 * The version of the /v1 contract this code serves: the date of its last change, as listed in
 * CHANGELOG.md. Within /v1 a change is additive only (docs/integrators.md "Versions and changes"),
 * so a client written against an earlier date keeps working; the date tells an integrator which
 * of the changelog's entries an operator's service has, since each operator upgrades on their own
 * schedule. Shown in /swagger (`info.version`), on every /v1 answer and in the clients' User-Agent.
 */
export const API_VERSION = "2026-11-29";

/** The response header that carries API_VERSION on every /v1 answer. */
export const API_VERSION_HEADER = "API-Version";
