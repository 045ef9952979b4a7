/**
 * The one configuration object of the service, parsed once at start from the environment.
 * Every value has an embedded default: with nothing set, the service runs the sandbox
 * (embedded Postgres, local anvil chain, contracts deployed at start).
 * A bad value stops the start with a message naming the variable.
 */
import { readFileSync } from "node:fs";
import { getAddress, isAddress, isHex, type Address, type Hex } from "viem";
import type { Mode } from "./domain/mode.ts";
import { CHAIN_NAMES, chainNameOf, isChainName, KNOWN_CHAINS, publicTestNetworkOf, SANDBOX_CHAIN_IDS, SUPPORTED_DECIMALS, TESTNET_USDC, type ChainName, type TokenSymbol } from "./domain/networks.ts";
import { RESERVATION_QUARANTINE_MS } from "./domain/intent-status.ts";
import { parseAddressRanges, type AddressRanges } from "./lib/addresses.ts";
import { parseSecretsKey } from "./lib/secret-box.ts";
import { readDeployments, recordedStartBlock } from "./chain/deployments-file.ts";

/** `dashboard` serves the dashboard on DASHBOARD_PORT; without DASHBOARD_PORT the API serves it at /dashboard. */
export const ROLES = ["api", "indexer", "matcher", "expirer", "dispatcher", "settler", "fee_collector", "dashboard"] as const;
export type Role = (typeof ROLES)[number];

export type { Mode };

/**
 * `sandbox` (the default): every missing piece is embedded. `production`: nothing embedded starts;
 * each missing piece stops the start naming its variable (productionRequirements below).
 */
export const ENVIRONMENTS = ["sandbox", "production"] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

/**
 * The roles whose process signs as the operator and so needs OPERATOR_PRIVATE_KEY in production: the
 * settler (withdrawals, refunds, and what a process without the key hands over: merchant accounts
 * created at onboarding, relays of payments by signature; modules/operator-jobs) and the fee collector.
 * The API and dashboard sign only when their process holds the key (the sandbox); without it they
 * hand that signing to the settler through the database.
 */
export const SIGNING_ROLES: readonly Role[] = ["settler", "fee_collector"];

/** The secrets that may be given in a file instead (`<NAME>_FILE`: its content, trailing newline trimmed). */
export const FILE_VARIABLES = ["DATABASE_URL", "OPERATOR_PRIVATE_KEY", "SANDBOX_PAYER_PRIVATE_KEY", "WEBHOOK_SECRETS_KEY", "WEBHOOK_SECRETS_PREVIOUS_KEYS"] as const;

/** One chain the service watches: the sandbox chain for test keys, Base for live keys. */
export interface ChainSettings {
  mode: Mode;
  /** The chain's name in the API (domain/networks.ts), from its chain id: the sandbox's test networks are named as the chain they stand in for. */
  name: ChainName;
  /** Embedded: the service starts anvil itself and deploys the contracts. */
  embedded: boolean;
  chainId: number;
  rpcHttpUrl: string;
  rpcWsUrl: string | undefined;
  /** Unset in embedded mode until deployed; then read from the database. */
  usdcAddress: Address | undefined;
  /** USDT on this chain, which enables the USDT pair (SANDBOX_USDT_ADDRESS, LIVE_USDT_ADDRESS); the embedded sandbox's is deployed at start. */
  usdtAddress: Address | undefined;
  factoryAddress: Address | undefined;
  startBlock: number;
  confirmations: number;
  /** An embedded chain other than the primary: the port its own anvil listens on. */
  anvilPort?: number;
  /**
   * The prefix of this chain's variables (`SANDBOX_`, `LIVE_`, `LIVE_ARBITRUM_`, …): what a refusal at
   * start names (`<prefix>RPC_HTTP_URL`, `<prefix>FACTORY_ADDRESS`); undefined for the embedded chains.
   */
  envPrefix?: string;
}

/**
 * One (chain, token) pair a mode serves. `tokenAddress` undefined: the embedded sandbox's token,
 * deployed at start (read from the chain runtime, src/chain/pairs.ts).
 */
export interface PairSettings {
  chain: ChainName;
  token: TokenSymbol;
  chainId: number;
  tokenAddress: Address | undefined;
  decimals: number;
}

/**
 * THE set of enabled pairs per mode: every check of a `chain` or `token` parameter reads it (through
 * src/chain/pairs.ts), never a literal. USDC on each chain of a mode: test keys the sandbox chains
 * (named `base` and `arbitrum`), live keys Base when LIVE_* is configured and each chain LIVE_<NAME>_*
 * enables; USDT on the embedded sandbox's chains and where the operator names its address.
 */
export function enabledPairs(chains: Config["chains"]): Record<Mode, readonly PairSettings[]> {
  const usdcOn = (c: ChainSettings): PairSettings => ({
    chain: c.name,
    token: "USDC",
    chainId: c.chainId,
    tokenAddress: c.usdcAddress,
    decimals: KNOWN_CHAINS[c.name].tokens.USDC?.decimals ?? 6,
  });
  // The embedded sandbox also takes its TestUSDT (deployed at start; a token whose transfer returns
  // nothing, like USDT on Ethereum), payable to v2 accounts (a v1 account holds USDC only).
  // A hosted chain takes USDT where the operator names its address (SANDBOX_USDT_ADDRESS, LIVE_USDT_ADDRESS, LIVE_<NAME>_USDT_ADDRESS).
  const usdtOn = (c: ChainSettings): PairSettings => ({ chain: c.name, token: "USDT", chainId: c.chainId, tokenAddress: c.usdtAddress, decimals: KNOWN_CHAINS[c.name].tokens.USDT?.decimals ?? 6 });
  const pairsOn = (c: ChainSettings) => [usdcOn(c), ...(c.embedded || c.usdtAddress ? [usdtOn(c)] : [])];
  const others = (mode: Mode) => chains.others.filter((c) => c.mode === mode).flatMap(pairsOn);
  const pairs = { test: [...pairsOn(chains.test), ...others("test")], live: chains.live ? [...pairsOn(chains.live), ...others("live")] : [] };
  // Money is bigint base units of 6 decimals everywhere (domain/money.ts): a token of other decimals
  // needs that code first, so such a pair stops the start instead of mispricing payments.
  for (const p of [...pairs.test, ...pairs.live])
    if (p.decimals !== SUPPORTED_DECIMALS) throw new ConfigError("pairs", `${p.chain}/${p.token} has ${p.decimals} decimals; only ${SUPPORTED_DECIMALS} are supported`);
  return pairs;
}

function accountVersionOf(v: "1" | "2" | undefined): 1 | 2 | undefined {
  return v === undefined ? undefined : v === "2" ? 2 : 1;
}

export interface Config {
  /** STABLEPAY_ENV: `sandbox` (default) or `production` (nothing embedded, no demo data, no secret printed). */
  env: Environment;
  roles: ReadonlySet<Role>;
  host: string;
  port: number;
  publicBaseUrl: string;
  /** The dashboard's own port (role `dashboard`); undefined: served by the API at /dashboard. */
  dashboardPort: number | undefined;
  /** Where users reach the dashboard (links in invitations, Secure cookies when https). */
  dashboardBaseUrl: string;
  /** undefined: start the embedded Postgres. */
  databaseUrl: string | undefined;
  dataDir: string;
  sandboxInfoFile: string;
  embeddedPostgresPort: number;
  anvilPort: number;
  /** Seconds between blocks of the embedded chain; 0 mines one block per transaction (tests). */
  anvilBlockTime: number;
  /** Seconds between dumps of the sandbox chains' state files (0: only when the service stops). */
  anvilStateInterval: number;
  indexerPort: number;
  /** The install's own deployments records (<chainId>.json), read beside the committed deploy/deployments. */
  deploymentsDir: string | undefined;
  /** Ms between passes of the sync-cache pruner (strangers' USDC transfers); 0 disables it. */
  indexerSyncPruneIntervalMs: number;
  /** OPERATOR_PRIVATE_KEY; undefined in a production process none of whose roles signs (chain/signer.ts). */
  operatorPrivateKey: Hex | undefined;
  /** OPERATOR_ADDRESS: the operator's address for a process without the key (else read from app.chain_operators). */
  operatorAddress: Address | undefined;
  feeRecipient: Address | undefined;
  sandboxPayerPrivateKey: Hex;
  /** Each mode's primary chain (`base` unless configured otherwise), and the others (otherChains below). */
  chains: { test: ChainSettings; live: ChainSettings | undefined; others: ChainSettings[] };
  /** The (chain, token) pairs each mode serves: see enabledPairs. */
  pairs: Record<Mode, readonly PairSettings[]>;
  defaultFeeRateBps: number;
  /**
   * The merchant account contract new merchants get (MERCHANT_ACCOUNT_VERSION): 1 (MerchantAccount) or
   * 2 (MerchantAccountV2); undefined (unset): 2 on a chain where the v2 factory has code (the embedded
   * sandbox deploys it at start), else 1. Resolved per chain at start (ChainRuntime.accountVersion).
   */
  merchantAccountVersion: 1 | 2 | undefined;
  rateLimitPerSecond: { test: number; live: number };
  /**
   * Per client address (http/rate-limit.ts): the public pages and QR images (RATE_LIMIT_PUBLIC_PER_SECOND)
   * and failed API keys (RATE_LIMIT_AUTH_FAILURES_PER_SECOND); 0 is off. Production 20/s and 5/s, sandbox off.
   */
  /** linkVisitsPerSecond: new visitors of a payment link per client address (each may mint an intent); per link, ten times that. 0: off. */
  clientRateLimits: { publicPerSecond: number; authFailuresPerSecond: number; linkVisitsPerSecond: number };
  webhookTimeoutMs: number;
  /**
   * Whether test-mode webhook endpoints skip the address policy of live ones (any host, http): true
   * in the sandbox; in production only with WEBHOOK_TEST_ALLOW_PRIVATE_NETWORKS=true (a test key
   * could otherwise make the service reach internal addresses).
   */
  webhookTestAnyAddress: boolean;
  /**
   * WEBHOOK_SECRETS_KEY: the key webhook signing secrets are sealed with at rest (lib/secret-box.ts;
   * required in production by the roles that read them); WEBHOOK_SECRETS_PREVIOUS_KEYS: earlier keys,
   * still opened while a rotation re-seals. The sandbox without a key stores them as they are.
   */
  webhookSecretsKeys: { current: Buffer | undefined; previous: Buffer[] };
  /** Expected-value tags (docs/contributors.md "Matching"; docs/integrators.md "One price, many payments"). */
  valueTags: ValueTagSettings;
  /**
   * The stop on SIGTERM (docs/operators.md "Production mode", graceful drain): `/ready` answers 503 and event
   * streams are told to reconnect at once; requests are still taken for `drainDelayMs` (the load
   * balancer's time to see /ready and move away: production 5 s, sandbox 0), then the in-flight ones
   * finish; everything is stopped within `timeoutMs`.
   */
  shutdown: { drainDelayMs: number; timeoutMs: number };
  /**
   * TRUSTED_PROXIES: the proxies (addresses or CIDR ranges) whose X-Forwarded-For names the client
   * (src/http/client-address.ts); undefined: none, the connection's peer is the client.
   */
  trustedProxies: AddressRanges | undefined;
  /**
   * OPS_PORT: /health, /ready and /metrics on a port of their own, served by every process (worker-only
   * ones included) and no longer on the public API or dashboard port; undefined: on the API's port.
   */
  opsPort: number | undefined;
  /**
   * Payment by signature (docs/integrators.md "Paying by signature"): the operator relays no authorization while
   * the chain's gas price is above this (RELAY_MAX_GAS_PRICE_GWEI, decimal gwei; default 50 gwei).
   */
  relayMaxGasPriceWei: bigint;
  /** What relays of payments by signature may cost the operator (modules/authorizations/relay-limits.ts). */
  relayLimits: RelayLimits;
  logLevel: "debug" | "info" | "warn" | "error";
  /** OpenTelemetry traces (the standard OTEL_* variables; src/tracing.ts): undefined, the default, is off. */
  tracing: TracingSettings | undefined;
  /** The database connections each kind of process may open (src/db/connection-budget.ts). */
  databasePools: DatabasePools;
  /**
   * DEPLOYMENT_TOPOLOGY: every process of the deployment that connects to the database, so that each
   * one checks at start that all of them fit the server's max_connections; undefined: this process alone.
   */
  topology: readonly TopologyEntry[] | undefined;
}

/**
 * Pool sizes per kind of process: `api` for one with the api or dashboard role (DATABASE_POOL_API),
 * `workers` for the others (DATABASE_POOL_WORKERS), `indexer` for Ponder's own pool in the indexer's
 * process (STABLEPAY_INDEXER_DB_POOL_MAX, read by ponder.config.ts as well).
 */
export interface DatabasePools {
  api: number;
  workers: number;
  indexer: number;
}

/** `count` processes with these ROLES (one entry of DEPLOYMENT_TOPOLOGY, e.g. `api*3`). */
export interface TopologyEntry {
  roles: ReadonlySet<Role>;
  count: number;
}

/**
 * The bounds of the operator's spending on relays, as a paymaster's policy: a cap per operation, per
 * address, per merchant and period, and in all per period (docs/operators.md "Payment by signature: what
 * the operator pays").
 */
export interface RelayLimits {
  /** RELAY_MAX_GAS: the most gas one relay may use; a relay estimated above it is refused, and it is the sent transaction's limit. */
  maxGas: bigint;
  /** RELAY_MAX_IN_FLIGHT_PER_PAYER: relays of one payer sent (or being sent) and not yet mined. */
  inFlightPerPayer: number;
  /** RELAY_BUDGET_PER_MERCHANT_ETH_PER_HOUR: the most the relays of one merchant's intents may cost in any hour, in wei. */
  merchantWeiPerHour: bigint;
  /** RELAY_BUDGET_ETH_PER_HOUR: the most all relays of one chain may cost in any hour, in wei. */
  totalWeiPerHour: bigint;
}

/** Where and as what this process sends its spans (OTLP over HTTP, JSON). */
export interface TracingSettings {
  /** The traces endpoint (`…/v1/traces`). */
  url: string;
  headers: Record<string, string>;
  serviceName: string;
}

/**
 * How intents of one merchant for one amount are told apart: the tag added to the amount is below
 * `width` base units (the largest overpayment is width - 1), and a tag stays held for `quarantineMs`
 * after its intent ends. At most `width` intents of one amount are held at once per merchant.
 */
export interface ValueTagSettings {
  width: number;
  quarantineMs: number;
}

export const VALUE_TAG_DEFAULTS = { width: 10_000, quarantineMinutes: RESERVATION_QUARANTINE_MS / 60_000 } as const;

export class ConfigError extends Error {
  constructor(public variable: string, message: string) {
    super(`Invalid configuration: ${variable} ${message}`);
  }
}

/** Anvil's first two well-known dev accounts: operator and payer of the local sandbox chain only. */
/** The embedded sandbox's operator key when none is configured (anvil's public dev key 0: sandbox only). */
export const ANVIL_KEY_0: Hex = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";
const ANVIL_KEY_1: Hex = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d";

type Env = Record<string, string | undefined>;

/**
 * The chains beyond each mode's primary: merchants' v2 accounts have the same address on all
 * of them, and each serves USDC. Test keys: the embedded sandbox runs one more anvil per name in
 * SANDBOX_EXTRA_CHAINS (default `arbitrum`; `none` for one chain), on its local chain id
 * (SANDBOX_CHAIN_IDS) and port SANDBOX_ANVIL_PORT_<NAME> (default SANDBOX_ANVIL_PORT + 1, + 2, …). Live
 * keys: LIVE_<NAME>_RPC_HTTP_URL enables a known chain beside LIVE_RPC_HTTP_URL's, with the same
 * optional LIVE_<NAME>_* settings as the primary (RPC_WS_URL, USDC_ADDRESS, USDT_ADDRESS, START_BLOCK,
 * CONFIRMATIONS). A hosted sandbox (SANDBOX_RPC_HTTP_URL) adds a chain the same way:
 * SANDBOX_<NAME>_RPC_HTTP_URL, on that chain's public test network (SANDBOX_<NAME>_CHAIN_ID, default e.g.
 * 421614 for arbitrum) with Circle's test USDC (SANDBOX_<NAME>_USDC_ADDRESS to override) and the optional
 * SANDBOX_<NAME>_* settings of the primary (RPC_WS_URL, USDT_ADDRESS, START_BLOCK, CONFIRMATIONS).
 */
function otherChains(r: Reader, environment: Environment, test: ChainSettings, live: ChainSettings | undefined, anvilPort: number, deploymentsDir: string | undefined): ChainSettings[] {
  const out: ChainSettings[] = [];
  if (test.embedded) {
    const listed = r.optional("SANDBOX_EXTRA_CHAINS") ?? "arbitrum";
    const names = listed.trim() === "none" ? [] : listed.split(",").map((s) => s.trim()).filter(Boolean);
    names.forEach((name, i) => {
      const chainId = isChainName(name) ? SANDBOX_CHAIN_IDS[name] : undefined;
      if (!isChainName(name) || chainId === undefined)
        throw new ConfigError("SANDBOX_EXTRA_CHAINS", `names "${name}", which has no local sandbox chain (known: ${Object.keys(SANDBOX_CHAIN_IDS).filter((n) => n !== test.name).join(", ")})`);
      if (name === test.name || names.indexOf(name) !== i) throw new ConfigError("SANDBOX_EXTRA_CHAINS", `names "${name}" twice (the primary sandbox chain is ${test.name})`);
      const port = r.int(`SANDBOX_ANVIL_PORT_${name.toUpperCase()}`, anvilPort + i + 1, 1, 65535);
      out.push({
        mode: "test",
        name,
        embedded: true,
        chainId,
        rpcHttpUrl: `http://127.0.0.1:${port}`,
        rpcWsUrl: `ws://127.0.0.1:${port}`,
        usdcAddress: undefined,
        usdtAddress: undefined,
        factoryAddress: undefined,
        startBlock: 0,
        confirmations: r.int("SANDBOX_CONFIRMATIONS", 0, 0, 1000),
        anvilPort: port,
      });
    });
  }
  for (const name of CHAIN_NAMES) {
    const prefix = `SANDBOX_${name.toUpperCase()}_`;
    const rpc = r.optional(`${prefix}RPC_HTTP_URL`);
    if (rpc === undefined) continue;
    if (test.embedded) throw new ConfigError(`${prefix}RPC_HTTP_URL`, "needs SANDBOX_RPC_HTTP_URL (a hosted sandbox); the embedded sandbox runs its own chains (SANDBOX_EXTRA_CHAINS)");
    if (name === test.name) throw new ConfigError(`${prefix}RPC_HTTP_URL`, `names the primary sandbox chain (${name}); use SANDBOX_RPC_HTTP_URL for it`);
    const fallbackId = publicTestNetworkOf(name);
    const chainId = r.int(`${prefix}CHAIN_ID`, fallbackId ?? 0, 1, 2 ** 31);
    if (chainNameOf(chainId) !== name) throw new ConfigError(`${prefix}CHAIN_ID`, `is ${chainId}, which is not a network of ${name} (known: ${Object.keys(KNOWN_CHAINS[name].testNetworks).join(", ")})`);
    const usdc = r.address(`${prefix}USDC_ADDRESS`, TESTNET_USDC[chainId]);
    if (usdc === undefined) throw new ConfigError(`${prefix}USDC_ADDRESS`, `is required: chain ${chainId} has no USDC in the table of Circle's test networks`);
    out.push({
      mode: "test",
      name,
      embedded: false,
      chainId,
      rpcHttpUrl: r.url(`${prefix}RPC_HTTP_URL`, rpc),
      rpcWsUrl: r.optionalUrl(`${prefix}RPC_WS_URL`),
      usdcAddress: usdc,
      usdtAddress: r.address(`${prefix}USDT_ADDRESS`, undefined),
      // Other chains serve v2 accounts only (the deterministic factory).
      factoryAddress: undefined,
      startBlock: r.startBlock(`${prefix}START_BLOCK`, environment, () => recordedStartBlock(readDeployments(chainId, deploymentsDir), undefined)),
      confirmations: r.int(`${prefix}CONFIRMATIONS`, 2, 0, 1000),
      envPrefix: prefix,
    });
  }
  for (const name of CHAIN_NAMES) {
    const prefix = `LIVE_${name.toUpperCase()}_`;
    const rpc = r.optional(`${prefix}RPC_HTTP_URL`);
    if (rpc === undefined) continue;
    if (!live) throw new ConfigError(`${prefix}RPC_HTTP_URL`, "needs LIVE_RPC_HTTP_URL (the primary live chain) as well");
    if (name === live.name) throw new ConfigError(`${prefix}RPC_HTTP_URL`, `names the primary live chain (${name}); use LIVE_RPC_HTTP_URL for it`);
    const known = KNOWN_CHAINS[name];
    out.push({
      mode: "live",
      name,
      embedded: false,
      chainId: known.chainId,
      rpcHttpUrl: r.url(`${prefix}RPC_HTTP_URL`, rpc),
      rpcWsUrl: r.optionalUrl(`${prefix}RPC_WS_URL`),
      usdcAddress: r.address(`${prefix}USDC_ADDRESS`, known.tokens.USDC?.address),
      // USDT where the operator names it (Tether's address of that chain: src/domain/networks.ts).
      usdtAddress: r.address(`${prefix}USDT_ADDRESS`, undefined),
      // v1 accounts live on the primary chain only; other chains serve v2 accounts (the deterministic factory).
      factoryAddress: undefined,
      startBlock: r.startBlock(`${prefix}START_BLOCK`, environment, () => recordedStartBlock(readDeployments(known.chainId, deploymentsDir), undefined)),
      confirmations: r.int(`${prefix}CONFIRMATIONS`, known.confirmations, 0, 1000),
      envPrefix: prefix,
    });
  }
  return out;
}

export function loadConfig(env: Env = process.env): Config {
  const r = new Reader(env);
  const environment = r.oneOf("STABLEPAY_ENV", ENVIRONMENTS, "sandbox");
  if (environment === "production") requireProductionPieces(r);
  const port = r.int("PORT", 3000, 1, 65535);
  const host = r.str("HOST", "127.0.0.1");
  const testRpc = r.optional("SANDBOX_RPC_HTTP_URL");
  const anvilPort = r.int("SANDBOX_ANVIL_PORT", 8545, 1, 65535);
  const testEmbedded = testRpc === undefined;
  const testChainId = r.int("SANDBOX_CHAIN_ID", testEmbedded ? 31337 : 84532, 1, 2 ** 31);
  const deploymentsDir = r.optional("DEPLOYMENTS_DIR");
  const testFactory = r.address("SANDBOX_FACTORY_ADDRESS", undefined);

  const test: ChainSettings = {
    mode: "test",
    name: r.chainName("SANDBOX_CHAIN_ID", testChainId),
    embedded: testEmbedded,
    chainId: testChainId,
    rpcHttpUrl: r.url("SANDBOX_RPC_HTTP_URL", `http://127.0.0.1:${anvilPort}`),
    rpcWsUrl: r.optionalUrl("SANDBOX_RPC_WS_URL") ?? (testEmbedded ? `ws://127.0.0.1:${anvilPort}` : undefined),
    // Hosted: Circle's USDC of that test network (Base Sepolia's by default), unless overridden.
    usdcAddress: r.address("SANDBOX_USDC_ADDRESS", testEmbedded ? undefined : TESTNET_USDC[testChainId]),
    usdtAddress: r.address("SANDBOX_USDT_ADDRESS", undefined),
    factoryAddress: testFactory,
    startBlock: testEmbedded ? r.int("SANDBOX_START_BLOCK", 0, 0, 2 ** 53) : r.startBlock("SANDBOX_START_BLOCK", environment, () => recordedStartBlock(readDeployments(testChainId, deploymentsDir), testFactory)),
    confirmations: r.int("SANDBOX_CONFIRMATIONS", testEmbedded ? 0 : 2, 0, 1000),
    ...(testEmbedded ? {} : { envPrefix: "SANDBOX_" }),
  };
  const liveRpc = r.optional("LIVE_RPC_HTTP_URL");
  let live: ChainSettings | undefined;
  if (liveRpc !== undefined) {
    const chainId = r.int("LIVE_CHAIN_ID", KNOWN_CHAINS.base.chainId, 1, 2 ** 31);
    const name = r.chainName("LIVE_CHAIN_ID", chainId);
    const liveFactory = r.address("LIVE_FACTORY_ADDRESS", undefined);
    live = {
      mode: "live",
      name,
      embedded: false,
      chainId,
      rpcHttpUrl: r.url("LIVE_RPC_HTTP_URL", liveRpc),
      rpcWsUrl: r.optionalUrl("LIVE_RPC_WS_URL"),
      // The table's address of USDC on that chain (Circle's), unless overridden.
      usdcAddress: r.address("LIVE_USDC_ADDRESS", KNOWN_CHAINS[name].tokens.USDC?.address),
      // USDT is enabled live only where the operator names it (Tether's address: src/domain/networks.ts).
      usdtAddress: r.address("LIVE_USDT_ADDRESS", undefined),
      factoryAddress: liveFactory,
      startBlock: r.startBlock("LIVE_START_BLOCK", environment, () => recordedStartBlock(readDeployments(chainId, deploymentsDir), liveFactory)),
      confirmations: r.int("LIVE_CONFIRMATIONS", KNOWN_CHAINS[name].confirmations, 0, 1000),
      envPrefix: "LIVE_",
    };
  }
  if (live && !live.factoryAddress) throw new ConfigError("LIVE_FACTORY_ADDRESS", "is required when LIVE_RPC_HTTP_URL is set");
  const others = otherChains(r, environment, test, live, anvilPort, deploymentsDir);
  if (!testEmbedded && !test.factoryAddress)
    throw new ConfigError("SANDBOX_FACTORY_ADDRESS", "is required when SANDBOX_RPC_HTTP_URL is set");

  const dataDir = r.str("DATA_DIR", ".data");
  const roles = r.roles("ROLES");
  const publicBaseUrl = r.url("PUBLIC_BASE_URL", `http://localhost:${port}`).replace(/\/+$/, "");
  const dashboardPort = r.optional("DASHBOARD_PORT") === undefined ? undefined : r.int("DASHBOARD_PORT", 0, 1, 65535);
  if (dashboardPort === undefined && roles.has("dashboard") && !roles.has("api"))
    throw new ConfigError("DASHBOARD_PORT", "is required for the dashboard role without the api role (without it, the API serves the dashboard at /dashboard)");
  if (dashboardPort !== undefined && dashboardPort === port) throw new ConfigError("DASHBOARD_PORT", "must differ from PORT");
  const opsPort = r.optional("OPS_PORT") === undefined ? undefined : r.int("OPS_PORT", 0, 1, 65535);
  if (opsPort !== undefined && (opsPort === port || opsPort === dashboardPort)) throw new ConfigError("OPS_PORT", "must differ from PORT and DASHBOARD_PORT");
  const wellKnown = opsPort === undefined ? undefined : WELL_KNOWN_PORTS[opsPort];
  if (environment === "production" && wellKnown !== undefined)
    throw new ConfigError("OPS_PORT", `is ${opsPort}, the port of ${wellKnown}, which a monitored machine often runs already: choose a port of your own`);
  refuseLiveChainsOutsideProduction(environment, [test, ...(live ? [live] : []), ...others]);
  return {
    env: environment,
    roles,
    host,
    port,
    publicBaseUrl,
    dashboardPort,
    dashboardBaseUrl: r.url("DASHBOARD_PUBLIC_URL", dashboardPort === undefined ? publicBaseUrl : `http://localhost:${dashboardPort}`).replace(/\/+$/, ""),
    databaseUrl: r.optionalUrl("DATABASE_URL"),
    dataDir,
    sandboxInfoFile: r.str("SANDBOX_INFO_FILE", `${dataDir}/sandbox.json`),
    embeddedPostgresPort: r.int("EMBEDDED_POSTGRES_PORT", 54329, 1, 65535),
    anvilPort,
    anvilBlockTime: r.int("SANDBOX_BLOCK_TIME", 1, 0, 60),
    anvilStateInterval: r.int("SANDBOX_STATE_INTERVAL", 5, 0, 3600),
    indexerPort: r.int("INDEXER_PORT", 42069, 1, 65535),
    deploymentsDir,
    indexerSyncPruneIntervalMs: r.int("INDEXER_SYNC_PRUNE_INTERVAL_MS", 60_000, 0, 86_400_000),
    operatorPrivateKey: operatorKey(r, environment, roles, testEmbedded && !live),
    operatorAddress: r.address("OPERATOR_ADDRESS", undefined),
    feeRecipient: r.address("FEE_RECIPIENT_ADDRESS", undefined),
    sandboxPayerPrivateKey: r.privateKey("SANDBOX_PAYER_PRIVATE_KEY", ANVIL_KEY_1),
    chains: { test, live, others },
    pairs: enabledPairs({ test, live, others }),
    defaultFeeRateBps: r.int("DEFAULT_FEE_RATE_BPS", 100, 0, 10000),
    merchantAccountVersion: accountVersionOf(r.optional("MERCHANT_ACCOUNT_VERSION") === undefined ? undefined : r.oneOf("MERCHANT_ACCOUNT_VERSION", ["1", "2"] as const, "2")),
    rateLimitPerSecond: { test: r.int("RATE_LIMIT_TEST_PER_SECOND", 25, 1, 1e6), live: r.int("RATE_LIMIT_LIVE_PER_SECOND", 100, 1, 1e6) },
    clientRateLimits: {
      publicPerSecond: r.int("RATE_LIMIT_PUBLIC_PER_SECOND", environment === "production" ? 20 : 0, 0, 1e6),
      linkVisitsPerSecond: r.int("RATE_LIMIT_LINK_VISITS_PER_SECOND", environment === "production" ? 1 : 0, 0, 1e6),
      authFailuresPerSecond: r.int("RATE_LIMIT_AUTH_FAILURES_PER_SECOND", environment === "production" ? 5 : 0, 0, 1e6),
    },
    webhookTimeoutMs: r.int("WEBHOOK_TIMEOUT_MS", 10_000, 100, 60_000),
    webhookTestAnyAddress: environment === "sandbox" || r.oneOf("WEBHOOK_TEST_ALLOW_PRIVATE_NETWORKS", ["true", "false"] as const, "false") === "true",
    webhookSecretsKeys: {
      current: r.secretsKey("WEBHOOK_SECRETS_KEY"),
      previous: (r.optional("WEBHOOK_SECRETS_PREVIOUS_KEYS") ?? "").split(",").filter((k) => k.trim() !== "").map((k) => r.secretsKeyText("WEBHOOK_SECRETS_PREVIOUS_KEYS", k)),
    },
    valueTags: {
      // Up to 100,000 base units: the customer never overpays by 10 cents or more.
      width: r.int("VALUE_TAG_WIDTH", VALUE_TAG_DEFAULTS.width, 100, 100_000),
      // At least an hour (the longest ttl): a payment sent while its QR could still be on screen is never a new intent's.
      quarantineMs: r.int("VALUE_TAG_QUARANTINE_MINUTES", VALUE_TAG_DEFAULTS.quarantineMinutes, 60, 30 * 24 * 60) * 60_000,
    },
    relayMaxGasPriceWei: r.gwei("RELAY_MAX_GAS_PRICE_GWEI", "50"),
    relayLimits: {
      // An EOA's transferWithAuthorization costs 50-90k gas; a smart wallet's ERC-1271 check adds up to
      // about 100k more (a passkey's P-256 check on Base's precompile): 200k lets both through, with room.
      maxGas: BigInt(r.int("RELAY_MAX_GAS", 200_000, 60_000, 5_000_000)),
      inFlightPerPayer: r.int("RELAY_MAX_IN_FLIGHT_PER_PAYER", 2, 1, 1_000),
      merchantWeiPerHour: r.eth("RELAY_BUDGET_PER_MERCHANT_ETH_PER_HOUR", "0.05"),
      totalWeiPerHour: r.eth("RELAY_BUDGET_ETH_PER_HOUR", "0.5"),
    },
    logLevel: r.oneOf("LOG_LEVEL", ["debug", "info", "warn", "error"] as const, "info"),
    shutdown: shutdownSettings(r, environment),
    trustedProxies: r.addressRanges("TRUSTED_PROXIES"),
    opsPort,
    tracing: tracingSettings(r),
    databasePools: {
      api: r.int("DATABASE_POOL_API", 20, 1, 1000),
      workers: r.int("DATABASE_POOL_WORKERS", 20, 1, 1000),
      // Ponder splits its pool in parts of at least one connection each.
      indexer: r.int("STABLEPAY_INDEXER_DB_POOL_MAX", 30, 5, 1000),
    },
    topology: r.topology("DEPLOYMENT_TOPOLOGY"),
  };
}

/**
 * OpenTelemetry's standard variables, the subset that applies: traces only, over OTLP/HTTP in JSON.
 * On when OTEL_TRACES_EXPORTER=otlp or an OTLP endpoint is set (not when OTEL_SDK_DISABLED=true or
 * OTEL_TRACES_EXPORTER=none): off by default, unlike OpenTelemetry's SDKs, since nothing may be
 * listening.
 */
function tracingSettings(r: Reader): TracingSettings | undefined {
  if (r.oneOf("OTEL_SDK_DISABLED", ["true", "false"] as const, "false") === "true") return undefined;
  const exporter = r.optional("OTEL_TRACES_EXPORTER");
  if (exporter !== undefined && exporter !== "otlp" && exporter !== "none") throw new ConfigError("OTEL_TRACES_EXPORTER", `must be otlp or none (traces are sent over OTLP/HTTP only), got "${exporter}"`);
  const tracesEndpoint = r.optionalUrl("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT");
  const endpoint = r.optionalUrl("OTEL_EXPORTER_OTLP_ENDPOINT");
  if (exporter === "none" || (exporter === undefined && tracesEndpoint === undefined && endpoint === undefined)) return undefined;
  for (const name of ["OTEL_EXPORTER_OTLP_TRACES_PROTOCOL", "OTEL_EXPORTER_OTLP_PROTOCOL"]) {
    const protocol = r.optional(name);
    if (protocol !== undefined && protocol !== "http/json") throw new ConfigError(name, `must be http/json (the service sends OTLP over HTTP as JSON; a collector's port 4318 takes it), got "${protocol}"`);
  }
  const headers: Record<string, string> = {};
  for (const name of ["OTEL_EXPORTER_OTLP_HEADERS", "OTEL_EXPORTER_OTLP_TRACES_HEADERS"]) {
    for (const pair of (r.optional(name) ?? "").split(",").filter((p) => p.trim() !== "")) {
      const eq = pair.indexOf("=");
      if (eq <= 0) throw new ConfigError(name, "must be a comma list of key=value pairs");
      try {
        headers[decodeURIComponent(pair.slice(0, eq).trim())] = decodeURIComponent(pair.slice(eq + 1).trim());
      } catch {
        throw new ConfigError(name, "has a pair that is not URL-encoded");
      }
    }
  }
  return {
    // The signal's own endpoint is used as given; the general one gets the traces path (OTLP's rule).
    url: tracesEndpoint ?? `${(endpoint ?? "http://localhost:4318").replace(/\/+$/, "")}/v1/traces`,
    headers,
    serviceName: r.str("OTEL_SERVICE_NAME", "stablepay"),
  };
}

/**
 * OPERATOR_PRIVATE_KEY: the sandbox's dev key when everything is embedded. In production only the
 * processes with a signing role need it; the others run without it (chain/signer.ts) and a key
 * given to them anyway is used (they then sign what they would otherwise hand over).
 */
function operatorKey(r: Reader, environment: Environment, roles: ReadonlySet<Role>, embeddedOnly: boolean): Hex | undefined {
  const signs = SIGNING_ROLES.some((role) => roles.has(role));
  if (environment === "production" && !signs && r.optional("OPERATOR_PRIVATE_KEY") === undefined) return undefined;
  return r.privateKey("OPERATOR_PRIVATE_KEY", embeddedOnly ? ANVIL_KEY_0 : undefined);
}

function shutdownSettings(r: Reader, environment: Environment): Config["shutdown"] {
  const drainDelayMs = r.int("SHUTDOWN_DRAIN_DELAY_MS", environment === "production" ? 5_000 : 0, 0, 300_000);
  const timeoutMs = r.int("SHUTDOWN_TIMEOUT_MS", environment === "production" ? 20_000 : 9_000, 1_000, 600_000);
  // The in-flight requests need up to their deadline (5 s) after the delay, and the workers a moment to stop.
  if (timeoutMs < drainDelayMs + 7_000) throw new ConfigError("SHUTDOWN_TIMEOUT_MS", `must be at least SHUTDOWN_DRAIN_DELAY_MS + 7000 (${drainDelayMs + 7_000}), got ${timeoutMs}`);
  return { drainDelayMs, timeoutMs };
}

/**
 * Production mode: what the sandbox would embed must be configured. Checked before any other value,
 * in the order an operator fills them in, so the first missing one is the one line printed.
 */
function requireProductionPieces(r: Reader): void {
  const missing = (name: string, why: string) => new ConfigError(name, `is required in production mode (STABLEPAY_ENV=production): ${why}`);
  const roles = r.roles("ROLES");
  if (r.optional("DATABASE_URL") === undefined) throw missing("DATABASE_URL", "the PostgreSQL to use (or DATABASE_URL_FILE); nothing embedded starts");
  if (r.optional("SANDBOX_RPC_HTTP_URL") === undefined)
    throw missing("SANDBOX_RPC_HTTP_URL", "the RPC of the chain test keys run on (e.g. Base Sepolia), with SANDBOX_FACTORY_ADDRESS; no anvil starts");
  // Every chain configured beside it is checked by loadConfig itself (LIVE_FACTORY_ADDRESS, chain ids, addresses).
  // Only the roles that sign need the key; the others learn the operator's address without it
  // (OPERATOR_ADDRESS, or what a signing role recorded: chain/signer.ts).
  const signing = SIGNING_ROLES.filter((role) => roles.has(role));
  if (signing.length && r.optional("OPERATOR_PRIVATE_KEY") === undefined)
    throw missing("OPERATOR_PRIVATE_KEY", `the operator's key (or OPERATOR_PRIVATE_KEY_FILE), which signs for ${signing.join(", ")} (ROLES); the sandbox's dev key is never used`);
  if ((roles.has("api") || roles.has("dashboard")) && r.optional("PUBLIC_BASE_URL") === undefined)
    throw missing("PUBLIC_BASE_URL", "where integrators and payers reach the API (qr_image_url, payment pages, links)");
  if (roles.has("dashboard") && r.optional("DASHBOARD_PORT") !== undefined && r.optional("DASHBOARD_PUBLIC_URL") === undefined)
    throw missing("DASHBOARD_PUBLIC_URL", "where users reach the dashboard on its own port (invitation links, Secure cookies)");
  if ((roles.has("api") || roles.has("dashboard") || roles.has("dispatcher")) && r.optional("WEBHOOK_SECRETS_KEY") === undefined)
    throw missing("WEBHOOK_SECRETS_KEY", "the 32-byte key (64 hex digits, or base64; or WEBHOOK_SECRETS_KEY_FILE) that keeps webhook signing secrets encrypted in the database: `openssl rand -hex 32`");
}

/** Production's servers need OPS_PORT (a CLI command serves nothing): checked as a server process starts (service.ts). */
export function requireOpsPort(config: Pick<Config, "env" | "opsPort">): void {
  // Without it /metrics and /ready are served on the public port, and each request there costs queries and RPC calls.
  if (config.env === "production" && config.opsPort === undefined)
    throw new ConfigError("OPS_PORT", "is required in production mode (STABLEPAY_ENV=production): the port of /health, /ready and /metrics, reachable from the load balancer and Prometheus only (not a well-known port such as 9100, node_exporter's)");
}

/**
 * Ports that the exporters and servers of a monitored machine listen on by default: an ops port on
 * one of them fails to bind, or worse, is scraped as that exporter.
 */
export const WELL_KNOWN_PORTS: Readonly<Record<number, string>> = {
  3100: "Loki",
  8545: "an Ethereum node's JSON-RPC",
  9090: "Prometheus",
  9091: "the Prometheus Pushgateway",
  9093: "Alertmanager",
  9100: "node_exporter",
  9187: "postgres_exporter",
  9464: "OpenTelemetry's Prometheus exporter",
};

/**
 * A mainnet (a chain id of KNOWN_CHAINS, not one of its test networks) moves real money: only in
 * production mode, which brings every protection (no embedded parts, no demo data, the address rules
 * of live webhooks for test ones, rate limits by address, the checks at start of src/chain/preflight.ts).
 */
function refuseLiveChainsOutsideProduction(environment: Environment, chains: readonly ChainSettings[]): void {
  if (environment === "production") return;
  const mainnets = new Set(Object.values(KNOWN_CHAINS).map((c) => c.chainId));
  const live = chains.find((c) => mainnets.has(c.chainId));
  if (live)
    throw new ConfigError("STABLEPAY_ENV", `must be production to run chain ${live.chainId} (${live.name}, a mainnet: ${live.envPrefix ?? ""}RPC_HTTP_URL): live money runs only with production mode's protections`);
}

class Reader {
  constructor(private env: Env) {}

  /**
   * A chain's first block to index. Production requires it, from the variable or from the chain's
   * deployments record (deploy/deployments, DEPLOYMENTS_DIR) when that knows the block of every
   * factory the chain follows: a default of 0 would have the indexer read the token's whole history
   * (years of transfers on a live chain) before the first payment.
   */
  startBlock(name: string, environment: Environment, recorded: () => number | undefined): number {
    if (environment === "production" && this.optional(name) === undefined) {
      const fromRecord = recorded();
      if (fromRecord !== undefined) return fromRecord;
      throw new ConfigError(name, "is required in production mode (STABLEPAY_ENV=production): the block the factory was deployed in (contracts/README.md), unless deploy/deployments/<chainId>.json (or DEPLOYMENTS_DIR) records every factory's block; 0 would index the token's whole history");
    }
    return this.int(name, 0, 0, 2 ** 53);
  }

  /** A 32-byte secrets key (lib/secret-box.ts), or undefined when unset. */
  secretsKey(name: string): Buffer | undefined {
    const v = this.optional(name);
    return v === undefined ? undefined : this.secretsKeyText(name, v);
  }

  secretsKeyText(name: string, text: string): Buffer {
    const key = parseSecretsKey(text);
    if (!key) throw new ConfigError(name, "must be a 32-byte key: 64 hex digits or base64 (`openssl rand -hex 32`)");
    return key;
  }

  optional(name: string): string | undefined {
    const v = (FILE_VARIABLES as readonly string[]).includes(name) ? this.fromFile(name) : this.env[name];
    return v === undefined || v.trim() === "" ? undefined : v.trim();
  }
  /** `name` or the content of the file `<name>_FILE` names (a mounted secret); both set is ambiguous. */
  private fromFile(name: string): string | undefined {
    const file = this.env[`${name}_FILE`]?.trim() || undefined;
    const direct = this.env[name]?.trim() || undefined;
    if (file === undefined) return direct;
    if (direct !== undefined) throw new ConfigError(`${name}_FILE`, `and ${name} are both set; set only one`);
    try {
      return readFileSync(file, "utf8").replace(/\r?\n$/, "");
    } catch (err) {
      throw new ConfigError(`${name}_FILE`, `names a file that cannot be read (${(err as NodeJS.ErrnoException).code ?? String(err)}): ${file}`);
    }
  }
  str(name: string, fallback: string): string {
    return this.optional(name) ?? fallback;
  }
  int(name: string, fallback: number, min: number, max: number): number {
    const v = this.optional(name);
    if (v === undefined) return fallback;
    if (!/^\d+$/.test(v)) throw new ConfigError(name, `must be an integer, got "${v}"`);
    const n = Number(v);
    if (n < min || n > max) throw new ConfigError(name, `must be between ${min} and ${max}, got ${n}`);
    return n;
  }
  /** A gas price in gwei, decimals allowed down to the wei ("0.05", "30"), as wei. */
  gwei(name: string, fallback: string): bigint {
    const v = this.optional(name) ?? fallback;
    const m = /^(\d{1,9})(?:\.(\d{1,9}))?$/.exec(v);
    if (!m) throw new ConfigError(name, `must be a gas price in gwei (e.g. 0.05 or 30), got "${v}"`);
    return BigInt(m[1]!) * 1_000_000_000n + BigInt((m[2] ?? "").padEnd(9, "0"));
  }
  /** An amount of ETH, decimals allowed down to the wei ("0.05", "2"), as wei. */
  eth(name: string, fallback: string): bigint {
    const v = this.optional(name) ?? fallback;
    const m = /^(\d{1,9})(?:\.(\d{1,18}))?$/.exec(v);
    if (!m) throw new ConfigError(name, `must be an amount of ETH (e.g. 0.05 or 2), got "${v}"`);
    return BigInt(m[1]!) * 10n ** 18n + BigInt((m[2] ?? "").padEnd(18, "0"));
  }
  url(name: string, fallback: string): string {
    return this.optionalUrl(name) ?? fallback;
  }
  optionalUrl(name: string): string | undefined {
    const v = this.optional(name);
    if (v === undefined) return undefined;
    try {
      new URL(v);
    } catch {
      throw new ConfigError(name, `must be a URL, got "${v}"`);
    }
    return v;
  }
  address(name: string, fallback: Address | undefined): Address | undefined {
    const v = this.optional(name);
    if (v === undefined) return fallback;
    if (!isAddress(v, { strict: false })) throw new ConfigError(name, `must be a 0x-prefixed 20-byte address`);
    return getAddress(v);
  }
  privateKey(name: string, fallback: Hex | undefined): Hex {
    const v = this.optional(name);
    if (v === undefined) {
      if (fallback === undefined) throw new ConfigError(name, "is required when a non-embedded chain is configured");
      return fallback;
    }
    if (!isHex(v) || v.length !== 66) throw new ConfigError(name, "must be a 0x-prefixed 32-byte hex private key");
    return v;
  }
  addressRanges(name: string): AddressRanges | undefined {
    const v = this.optional(name);
    if (v === undefined) return undefined;
    try {
      return parseAddressRanges(v);
    } catch (err) {
      throw new ConfigError(name, `must be a comma list of IP addresses or CIDR ranges: ${(err as Error).message}`);
    }
  }
  /** The API name of a configured chain id (domain/networks.ts); an id the table does not know stops the start. */
  chainName(name: string, chainId: number): ChainName {
    const known = chainNameOf(chainId);
    if (known === undefined)
      throw new ConfigError(name, `is ${chainId}, a chain id the table of known chains (src/domain/networks.ts) does not name; add it there with the chain it stands in for`);
    return known;
  }
  oneOf<T extends string>(name: string, allowed: readonly T[], fallback: T): T {
    const v = this.optional(name);
    if (v === undefined) return fallback;
    if (!(allowed as readonly string[]).includes(v)) throw new ConfigError(name, `must be one of ${allowed.join(", ")}`);
    return v as T;
  }
  roles(name: string): ReadonlySet<Role> {
    const v = this.optional(name);
    return v === undefined ? new Set(ROLES) : this.roleList(name, v);
  }
  private roleList(name: string, v: string): ReadonlySet<Role> {
    if (v === "all") return new Set(ROLES);
    const roles = v.split(",").map((s) => s.trim());
    for (const role of roles)
      if (!(ROLES as readonly string[]).includes(role)) throw new ConfigError(name, `has unknown role "${role}" (known: all, ${ROLES.join(", ")})`);
    return new Set(roles as Role[]);
  }
  /** Processes separated by spaces or `;`, each its ROLES with an optional `*count`: `api*3 matcher,expirer,dispatcher*2 indexer`. */
  topology(name: string): TopologyEntry[] | undefined {
    const v = this.optional(name);
    if (v === undefined) return undefined;
    return v.split(/[\s;]+/).filter(Boolean).map((entry) => {
      const m = /^([a-z_,]+)(?:\*(\d+))?$/.exec(entry);
      if (!m) throw new ConfigError(name, `has "${entry}", not ROLES with an optional *count (e.g. api*3 matcher,expirer,dispatcher*2 indexer)`);
      const count = m[2] === undefined ? 1 : Number(m[2]);
      if (count < 1 || count > 1000) throw new ConfigError(name, `has "${entry}": a count must be between 1 and 1000`);
      return { roles: this.roleList(name, m[1]!), count };
    });
  }
}
