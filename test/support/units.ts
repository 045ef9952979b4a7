/**
 * The guide's own files as the production tests read them: deploy/stablepay.env.example and the
 * units of deploy/systemd (their Environment= lines and ExecStart), so that what those tests start is
 * what an operator following docs/deployment.md starts.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";

const root = join(import.meta.dir, "..", "..");

/** KEY=VALUE lines of an environment file (comments and blank lines skipped). */
export function parseEnvFile(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split("\n")) {
    const m = /^\s*([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (m) out[m[1]!] = m[2]!.trim();
  }
  return out;
}

/** A systemd unit's Environment= lines and ExecStart, `%d` (the credentials directory) replaced. */
export function parseUnit(text: string, credentials: string): { env: Record<string, string>; exec: string[] } {
  const env: Record<string, string> = {};
  let exec: string[] = [];
  for (const line of text.split("\n")) {
    const e = /^Environment=([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (e) env[e[1]!] = e[2]!.replaceAll("%d", credentials);
    const x = /^ExecStart=(.*)$/.exec(line);
    if (x) exec = x[1]!.trim().split(/\s+/);
  }
  return { env, exec };
}

/** deploy/stablepay.env.example, parsed. */
export function guideEnv(): Record<string, string> {
  return parseEnvFile(readFileSync(join(root, "deploy/stablepay.env.example"), "utf8"));
}

/** deploy/systemd/stablepay-<name>.service, parsed, with its credentials in `credentials`. */
export function unitOf(name: string, credentials: string): { env: Record<string, string>; exec: string[] } {
  return parseUnit(readFileSync(join(root, `deploy/systemd/stablepay-${name}.service`), "utf8"), credentials);
}

/** This process's environment without anything that configures the service. */
export function cleanEnv(): Record<string, string> {
  const guide = guideEnv();
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !(k in guide) && !/^(DATABASE_URL|SANDBOX_|LIVE_|OPERATOR_|PUBLIC_BASE_URL|DASHBOARD_|STABLEPAY_ENV|ROLES|WEBHOOK_)/.test(k)) out[k] = v;
  return out;
}
