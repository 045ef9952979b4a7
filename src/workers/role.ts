/**
 * What every worker role returns (src/workers/README.md): a handle to stop it. Roles import this,
 * the registry imports the roles; nothing here imports a role.
 */
import type { Role } from "../config.ts";
import type { AppContext } from "../context.ts";

export interface RunningRole {
  role: Role;
  stop(): Promise<void>;
}

export type RoleStarter = (ctx: AppContext) => Promise<RunningRole>;
