/**
 * The worker roles of the service (src/workers/README.md). Each role starts from the shared
 * context and returns a handle to stop it; roles coordinate only through Postgres, so any number
 * of instances of each may run.
 */
import type { Role } from "../config.ts";
import type { RoleStarter } from "./role.ts";
import { startDispatcher } from "./dispatcher.ts";
import { startExpirer } from "./expirer.ts";
import { startMatcher } from "./matcher.ts";
import { startFeeCollector } from "./fee-collector.ts";
import { startSettler } from "./settler.ts";
import { withNonceKeeper } from "./nonce-keeper.ts";

export type { RoleStarter, RunningRole } from "./role.ts";

/** Every worker role by name. `api` and `indexer` are started by src/service.ts. */
export const workerRoles: Partial<Record<Exclude<Role, "api" | "indexer">, RoleStarter>> = {};
workerRoles.dispatcher = startDispatcher;
workerRoles.expirer = startExpirer;
workerRoles.matcher = (ctx) => startMatcher(ctx);
// The roles that send as the operator keep its nonces too (workers/nonce-keeper.ts).
workerRoles.fee_collector = withNonceKeeper((ctx) => startFeeCollector(ctx));
workerRoles.settler = withNonceKeeper((ctx) => startSettler(ctx));
