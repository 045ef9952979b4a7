/**
 * Starts the whole service from a configuration: the embedded parts it needs (Postgres, the
 * sandbox chain, contracts, demo data), the indexer, every worker role and the API.
 * Used by src/main.ts, by the tests and by the benchmarks, so all three run the same start-up.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import postgres from "postgres";
import { privateKeyToAccount } from "viem/accounts";
import { requireOpsPort, type Config, type Mode } from "./config.ts";
import { connect, type Database } from "./db/client.ts";
import { checkConnectionBudget, mainPoolOf } from "./db/connection-budget.ts";
import { checkChains } from "./chain/preflight.ts";
import { assertSchemaCurrent, migrate } from "./db/migrate.ts";
import { buildChainRuntime, type ChainRuntime } from "./chain/runtime.ts";
import { recordOperator } from "./chain/operators.ts";
import { configuredSigner } from "./chain/signer.ts";
import { createContext, type AppContext, type Clock } from "./context.ts";
import { createLogger } from "./logger.ts";
import { GIT_COMMIT, SERVICE_VERSION } from "./lib/build-info.ts";
import { startTracing } from "./tracing.ts";
import { buildApp } from "./api/app.ts";
import { REQUEST_DEADLINE_MS, serveApi, type ApiServer } from "./api/server.ts";
import { startDraining } from "./api/health.ts";
import { startEmbeddedPostgres, type RunningPostgres } from "./sandbox/postgres.ts";
import { startAnvil, type Anvil } from "./sandbox/anvil.ts";
import { ensureDeployment } from "./chain/deployment.ts";
import { ensureDemo, type SandboxInfo } from "./sandbox/demo.ts";
import { workerRoles, type RunningRole } from "./workers/registry.ts";
import { LIVE_QUERY_CHANNEL } from "./workers/matcher.ts";

export interface RunningService {
  ctx: AppContext;
  apiUrl: string;
  /** Present when the embedded sandbox runs (the demo data and keys). */
  sandbox: SandboxInfo | undefined;
  stop(): Promise<void>;
}

const DATABASE_NAME = "stablepay";

export async function startService(config: Config, opts: { clock?: Clock; writeInfoFile?: boolean } = {}): Promise<RunningService> {
  const log = createLogger(config.logLevel);
  // What runs, first: a log search for a fault can tell which release it came from.
  log.info("starting", { version: SERVICE_VERSION, commit: GIT_COMMIT ?? "unknown", env: config.env, roles: [...config.roles].join(",") });
  const stops: Array<() => Promise<void>> = [];
  // Stopping runs in this order: stop taking requests (the API, started early, stops first), then
  // the rest in reverse order of start: workers, indexer, pools, and last the chain and the database.
  let stopApi: (() => Promise<void>) | undefined;
  // Set as the stop begins, before anything is stopped: a supervisor that sees its child exit from
  // now on lets it go instead of starting it again.
  let stopping = false;
  // Set once the API runs: the stop's first step, before anything stops (graceful drain).
  let drainApi: (() => void) | undefined;
  const stopAll = async () => {
    stopping = true;
    if (drainApi) {
      // /ready 503 and event streams told to reconnect at once; requests still taken while the load
      // balancer notices (SHUTDOWN_DRAIN_DELAY_MS); then stopApi lets those in flight finish.
      drainApi();
      if (config.shutdown.drainDelayMs > 0) await new Promise((r) => setTimeout(r, config.shutdown.drainDelayMs));
    }
    for (const stop of [...(stopApi ? [stopApi] : []), ...stops.reverse()]) {
      try {
        await stop();
      } catch (err) {
        log.warn("stop failed", { err });
      }
    }
  };
  try {
    // 0. Traces, when OTEL_* asks for them (off by default): before anything makes a span. Flushed last.
    const tracing = await startTracing(config);
    if (tracing) stops.push(() => tracing.flush());
    // 1. Postgres: configured, or embedded under the data folder (reused on the next start).
    let pg: RunningPostgres | undefined;
    // A Ponder whose database was killed under it can stay stuck (its indexing stopped while the
    // process lives on): when the embedded Postgres is restarted, so is the indexer.
    let indexerRole: { restart(reason: string): void } | undefined;
    let onDatabaseRestarted: (() => void) | undefined;
    let databaseUrl = config.databaseUrl;
    // Production mode never embeds anything (config.ts refuses to load without each piece); this
    // guard keeps a config built another way from quietly starting a Postgres or a chain of its own.
    if (config.env === "production" && (!databaseUrl || [config.chains.test, ...config.chains.others].some((c) => c.embedded)))
      throw new Error("production mode starts nothing embedded: DATABASE_URL and SANDBOX_RPC_HTTP_URL are required");
    requireOpsPort(config);
    if (!databaseUrl) {
      const pgOptions = { dataDir: join(config.dataDir, "postgres"), port: config.embeddedPostgresPort };
      pg = await startEmbeddedPostgres(pgOptions);
      // Supervised like the indexer and the chain: if the embedded Postgres dies while the service
      // runs, it is started again on its data (stale pid and socket lock cleared) and the pools
      // reconnect by themselves; the API answers 503 meanwhile. Never once the service is stopping.
      onDatabaseRestarted = () => indexerRole?.restart("the embedded Postgres was restarted under it");
      const supervise = (running: RunningPostgres) => {
        void running.exited.then(async () => {
          for (let attempt = 1; !stopping; attempt++) {
            log.error("the embedded Postgres exited; restarting it", { attempt });
            try {
              const again = await startEmbeddedPostgres(pgOptions);
              pg = again;
              // A stop that began during the restart stops this one too (its step may have run already).
              if (stopping) return void (await again.stop());
              log.warn("the embedded Postgres is running again");
              supervise(again);
              onDatabaseRestarted?.();
              return;
            } catch (err) {
              log.error("restarting the embedded Postgres failed", { err });
              await new Promise((r) => setTimeout(r, Math.min(10_000, 1_000 * attempt)));
            }
          }
        });
      };
      supervise(pg);
      stops.push(() => pg!.stop());
      await ensureDatabase(pg.url, DATABASE_NAME);
      databaseUrl = pg.urlFor(DATABASE_NAME);
    }
    const database: Database = connect(databaseUrl, {
      max: mainPoolOf(config.roles, config.databasePools),
      onHealthChange: (reachable) =>
        reachable ? log.info("the database answers again: the API serves from it") : log.warn("the database does not answer: API calls answer 503 at once until it does"),
    });
    stops.push(() => database.close());
    // The sandbox migrates at start; production refuses a schema behind (migrations are the
    // upgrade's own step, `npm run cli -- migrate`, run once, not by every process at once).
    if (config.env === "production") {
      await assertSchemaCurrent(database.sql);
      // Every process of the deployment (DEPLOYMENT_TOPOLOGY) fits the server's max_connections once all pools have grown.
      await checkConnectionBudget(database.sql, { roles: config.roles, pools: config.databasePools, topology: config.topology });
      // Each RPC is the chain it is configured as, and the contracts it names are there.
      await checkChains([config.chains.test, ...(config.chains.live ? [config.chains.live] : []), ...config.chains.others]);
    } else await migrate(database.sql);

    // 2. Chains: the sandbox chains (embedded anvils unless configured), Base when configured, and the
    // other chains of each mode (config.chains.others).
    const anvils: Anvil[] = [];
    const embedded = [config.chains.test, ...config.chains.others].filter((c) => c.embedded);
    if (embedded.length) mkdirSync(config.dataDir, { recursive: true });
    for (const settings of embedded) {
      // Automine until the contracts and demo data are in place (step 3), then a block every
      // SANDBOX_BLOCK_TIME seconds. The primary keeps the state file it always had.
      const primary = settings === config.chains.test;
      const anvil = await startAnvil({
        port: primary ? config.anvilPort : settings.anvilPort,
        chainId: settings.chainId,
        stateFile: resolve(config.dataDir, primary ? "anvil-state.json" : `anvil-state-${settings.name}.json`),
        stateIntervalSeconds: config.anvilStateInterval,
        // The matcher confirms nothing above the saved block (0020_sandbox_chain_saves.sql), and is woken
        // by each save as by each indexed block (a block indexed before its save waits for it); saved only
        // at the stop, the chain gets no such bound (a kill -9 then loses everything since the start).
        onSaved: (block) =>
          config.anvilStateInterval > 0
            ? database.sql`
                WITH saved AS (
                  INSERT INTO app.sandbox_chain_saves (chain_id, block_number) VALUES (${settings.chainId}, ${block})
                  ON CONFLICT (chain_id) DO UPDATE SET block_number = excluded.block_number, saved_at = now() RETURNING 1)
                SELECT pg_notify(${LIVE_QUERY_CHANNEL}, '') FROM saved`.then(() => {})
            : database.sql`DELETE FROM app.sandbox_chain_saves WHERE chain_id = ${settings.chainId}`.then(() => {}),
      });
      anvils.push(anvil);
      stops.push(() => anvil.stop());
    }
    const all = [config.chains.test, ...(config.chains.live ? [config.chains.live] : []), ...config.chains.others];
    const deployAll = () => Promise.all(all.map((settings) => ensureDeployment(database, settings, config.operatorPrivateKey, config.feeRecipient)));
    let deployments = await deployAll();
    if (deployments.some((d) => d.chainWasReset)) {
      // A sandbox chain restarted from genesis (its state file was lost): every merchant account, and
      // the indexer's RPC cache, describe a chain that no longer exists. Sandbox data is disposable:
      // start it over, with the contracts just deployed (and those of the other chains found again).
      log.warn("sandbox chain state was lost: sandbox data reset", { chainIds: all.filter((_, i) => deployments[i]!.chainWasReset).map((c) => c.chainId) });
      await resetSandboxData(database);
      await migrate(database.sql);
      deployments = await deployAll();
    }
    // The operator's signer per chain: the key where this process has it, else the address only
    // (production roles that do not sign: chain/signer.ts).
    const signers = await Promise.all(all.map((settings) => configuredSigner(config, database.sql, settings.chainId)));
    const runtimes = all.map((settings, i) => {
      const deployment = deployments[i]!;
      const primary = settings === config.chains.test || settings === config.chains.live;
      if ((config.merchantAccountVersion === 2 || !primary) && !deployment.factoryV2) {
        throw new Error(
          `the v2 merchant account factory has no code on chain ${settings.chainId} (${settings.name}), which ${primary ? "MERCHANT_ACCOUNT_VERSION=2 needs" : "every chain beside the primary needs"}: deploy it once (anyone may: DEPLOYER_PRIVATE_KEY=… npm run cli -- chain deploy-factory-v2 --mode ${settings.mode}), see contracts/README.md`,
        );
      }
      if (primary && config.merchantAccountVersion === undefined && !deployment.factoryV2)
        log.warn("the v2 merchant account factory has no code on this chain: new merchants get v1 accounts (USDC only); deploy it to make v2 the default", {
          chainId: settings.chainId,
          mode: settings.mode,
          how: `DEPLOYER_PRIVATE_KEY=… npm run cli -- chain deploy-factory-v2 --mode ${settings.mode}`,
        });
      return buildChainRuntime(settings, deployment, signers[i], database.sql, config.merchantAccountVersion);
    });
    // Every operator key this service ever ran with is remembered, so that the indexer keeps following
    // the v2 accounts created under an earlier key after a rotation (chain/operators.ts).
    for (const r of runtimes) await recordOperator(database.sql, r.chainId, r.operator.account.address);
    const chains: Partial<Record<Mode, ChainRuntime>> = {};
    for (const [i, settings] of all.entries()) if (settings === config.chains.test || settings === config.chains.live) chains[settings.mode] = runtimes[i];
    const otherChains = runtimes.filter((_, i) => config.chains.others.includes(all[i]!));

    const ctx = createContext({ config, database, chains, otherChains, clock: opts.clock, log });

    // 3. Demo data of the embedded sandbox.
    let demo: Awaited<ReturnType<typeof ensureDemo>> | undefined;
    if (config.env === "sandbox" && config.chains.test.embedded) demo = await ensureDemo(ctx, config.sandboxInfoFile);
    if (config.anvilBlockTime) for (const anvil of anvils) await anvil.startIntervalMining(config.anvilBlockTime);

    // 4. The API first: its reads need the last indexed state, not a live indexer, so after a restart
    // it answers while the indexer catches up (/ready says so). Then the indexer, then the workers.
    let apiUrl = config.publicBaseUrl;
    let dashboardUrl = `${config.dashboardBaseUrl}/dashboard`;
    const servers: ApiServer[] = [];
    const local = (port: number) => `http://${config.host === "0.0.0.0" ? "localhost" : config.host}:${port}`;
    const ownDashboard = config.dashboardPort !== undefined;
    const accessLevel = config.env === "production" ? "info" : "debug";
    if (config.roles.has("api")) {
      const https = config.publicBaseUrl.startsWith("https:") && (ownDashboard || config.dashboardBaseUrl.startsWith("https:"));
      const server = serveApi(buildApp(ctx, ownDashboard ? "api" : "all"), { hostname: config.host, port: config.port, log, onDeadline: () => database.health.suspect(), probing: () => database.health.checking, trustedProxies: config.trustedProxies, hsts: https, accessLevel });
      servers.push(server);
      apiUrl = local(server.port!);
      if (!ownDashboard) dashboardUrl = `${apiUrl}/dashboard`;
    }
    if (ownDashboard && config.roles.has("dashboard")) {
      // The dashboard on its own port (DASHBOARD_PORT): the same routes and checks, no API beside it.
      const server = serveApi(buildApp(ctx, "dashboard"), { hostname: config.host, port: config.dashboardPort!, log, onDeadline: () => database.health.suspect(), probing: () => database.health.checking, trustedProxies: config.trustedProxies, hsts: config.dashboardBaseUrl.startsWith("https:"), accessLevel });
      servers.push(server);
      dashboardUrl = `${local(server.port!)}/dashboard`;
    }
    if (config.opsPort !== undefined) {
      // Health, readiness and metrics on a port of their own, in every process whatever its roles.
      servers.push(serveApi(buildApp(ctx, "ops"), { hostname: config.host, port: config.opsPort, log, accessLevel }));
    }
    if (servers.length) {
      drainApi = () => {
        startDraining(ctx);
        for (const s of servers) s.drain();
      };
      // Requests in flight are answered within their deadline (REQUEST_DEADLINE_MS); a little over it, then they are cut.
      stopApi = async () => void (await Promise.all(servers.map((s) => s.shutdown(REQUEST_DEADLINE_MS + 1_000))));
    }
    if (config.roles.has("indexer")) {
      const { startIndexerRole } = await import("./workers/indexer.ts");
      const indexer = await startIndexerRole(ctx, databaseUrl);
      indexerRole = indexer;
      stops.push(() => indexer.stop());
    }
    for (const role of config.roles) {
      if (role === "api" || role === "indexer") continue;
      const start = workerRoles[role];
      if (!start) continue;
      const running: RunningRole = await start(ctx);
      stops.push(() => running.stop());
    }

    const sandbox: SandboxInfo | undefined =
      demo && chains.test
        ? {
            api_url: apiUrl,
            swagger_url: `${apiUrl}/swagger`,
            dashboard_url: dashboardUrl,
            rpc_url: chains.test.rpcHttpUrl,
            chain_id: chains.test.chainId,
            usdc_address: chains.test.usdc,
            factory_address: chains.test.factory!,
            ...(chains.test.factoryV2 ? { factory_v2_address: chains.test.factoryV2 } : {}),
            ...(chains.test.usdt ? { usdt_address: chains.test.usdt } : {}),
            ...demo,
            // Every sandbox chain with its tokens; the fields above describe the first.
            chains: ctx.networks.filter((c) => c.mode === "test").map((c) => ({ chain: c.name, chain_id: c.chainId, rpc_url: c.rpcHttpUrl, tokens: { ...c.tokens } })),
            payer_address: privateKeyToAccount(config.sandboxPayerPrivateKey).address,
            payer_private_key: config.sandboxPayerPrivateKey,
            database_url: databaseUrl,
          }
        : undefined;
    if (sandbox && opts.writeInfoFile !== false) {
      mkdirSync(dirname(config.sandboxInfoFile), { recursive: true });
      writeFileSync(config.sandboxInfoFile, JSON.stringify(sandbox, null, 2) + "\n", { mode: 0o600 });
    }
    let stopped: Promise<void> | undefined;
    return { ctx, apiUrl, sandbox, stop: () => (stopped ??= stopAll()) };
  } catch (err) {
    await stopAll();
    throw err;
  }
}

async function resetSandboxData(database: Database) {
  const schemas = await database.sql<{ name: string }[]>`
    SELECT nspname AS name FROM pg_namespace
    WHERE nspname IN ('app', 'chain', 'ponder_sync') OR nspname LIKE 'ponder\_%'`;
  for (const { name } of schemas) await database.sql.unsafe(`DROP SCHEMA "${name}" CASCADE`);
}

async function ensureDatabase(adminUrl: string, name: string) {
  const sql = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql`SELECT 1 FROM pg_database WHERE datname = ${name}`;
    if (!row) await sql.unsafe(`CREATE DATABASE ${name}`);
  } finally {
    await sql.end();
  }
}
