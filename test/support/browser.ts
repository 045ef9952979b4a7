/**
 * Headless Chromium for the page tests (Debian's chromium through playwright-core, .ci/run installs
 * it): a persistent context in a temporary profile whose every request is recorded, and refused
 * unless it stays on 127.0.0.1. CI_NO_BROWSER=1 skips the browser tests deliberately (they say so).
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext, type Locator, type Page } from "playwright-core";
import { createWalletClient, http, type Address, type Chain, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const SKIP_BROWSER = process.env.CI_NO_BROWSER === "1";
export const ARTIFACTS = join(import.meta.dir, "..", "artifacts");
export const LOCAL = /^(https?:\/\/127\.0\.0\.1[:/]|data:|blob:)/;
const FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

export interface LocalBrowser {
  context: BrowserContext;
  /** Every URL the pages asked for, local or not. */
  requests: string[];
  close(): Promise<void>;
}

export async function launchLocalBrowser(): Promise<LocalBrowser> {
  if (!existsSync(CHROMIUM))
    throw new Error(`chromium not found at ${CHROMIUM}: install it (apt-get install -y chromium) or set CI_NO_BROWSER=1 to skip this check deliberately`);
  mkdirSync(ARTIFACTS, { recursive: true });
  const profile = mkdtempSync(join(tmpdir(), "stablepay-chromium-"));
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: FLAGS, timeout: 60_000 });
  const requests: string[] = [];
  context.on("request", (r) => requests.push(r.url()));
  // Anything leaving 127.0.0.1 is refused (and recorded above, so a test can check none was made).
  await context.route(/.*/, (route) => (LOCAL.test(route.request().url()) ? route.continue() : route.abort()));
  return {
    context,
    requests,
    close: async () => {
      await context.close().catch(() => {});
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Clicks a form's button and waits until the page it leads to has loaded: a reload or a check made
 * meanwhile would act on the page being left (or fail with "not attached to an active page").
 */
export async function submit(page: Page, button: Locator): Promise<void> {
  const navigated = page.waitForEvent("framenavigated", (f) => f === page.mainFrame());
  await button.click();
  await navigated;
  await page.waitForLoadState("load");
}

/** Signs the sandbox's dashboard admin in through the form, unless the profile's session cookie still does. */
export async function signInDashboard(page: Page, svc: { apiUrl: string; sandbox: { dashboard_email: string; dashboard_password: string } }): Promise<void> {
  await page.goto(`${svc.apiUrl}/dashboard`);
  if (!page.url().includes("/sign-in")) return;
  await page.getByLabel("Email").fill(svc.sandbox.dashboard_email);
  await page.getByLabel("Password").fill(svc.sandbox.dashboard_password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/dashboard$/);
}

/** One EIP-1193 call a page made to the wallet test double. */
export interface WalletCall {
  method: string;
  params: unknown;
}

/**
 * An EIP-1193 wallet test double in `page` (`window.ethereum`, installed before any script of the
 * page runs), each call answered here with a real key: accounts, the chain (it starts on `start`
 * and switches to a chain id in `knows`; others: 4902, until added with `wallet_addEthereumChain`),
 * `eth_signTypedData_v4` signed with the key,
 * `eth_sendTransaction` sent over `chain` (the real anvil) when the wallet is on it. `refuse`: the
 * methods the user declines (4001); `delayMs`: how long the user takes to answer a method. Every
 * call is recorded in `calls`.
 */
export async function injectWallet(
  page: Page,
  opts: { privateKey: Hex; chain: { chain: Chain; rpcHttpUrl: string }; start: number; knows: number[]; refuse?: string[]; delayMs?: Partial<Record<string, number>> },
): Promise<{ address: Address; calls: WalletCall[] }> {
  const account = privateKeyToAccount(opts.privateKey);
  const wallet = createWalletClient({ chain: opts.chain.chain, transport: http(opts.chain.rpcHttpUrl), account });
  const knows = new Set(opts.knows);
  let walletChain = opts.start;
  const calls: WalletCall[] = [];
  await page.exposeFunction("__walletRpc", async (method: string, params: unknown) => {
    calls.push({ method, params });
    // A user taking their time in the wallet (lets a test see the page while it waits).
    const delay = opts.delayMs?.[method];
    if (delay) await new Promise((r) => setTimeout(r, delay));
    const fail = (code: number, message: string) => ({ error: { code, message } });
    if (opts.refuse?.includes(method)) return fail(4001, "User rejected the request.");
    const list = params as unknown[];
    switch (method) {
      case "eth_requestAccounts":
      case "eth_accounts":
        return { result: [account.address] };
      case "eth_chainId":
        return { result: `0x${walletChain.toString(16)}` };
      case "wallet_switchEthereumChain": {
        const id = parseInt((list[0] as { chainId: string }).chainId, 16);
        if (!knows.has(id)) return fail(4902, `Unrecognized chain ID "0x${id.toString(16)}".`);
        walletChain = id;
        return { result: null };
      }
      case "wallet_addEthereumChain": {
        const add = list[0] as { chainId: string; rpcUrls: string[] };
        if (!add.rpcUrls?.length) return fail(-32602, "rpcUrls is required");
        knows.add(parseInt(add.chainId, 16));
        return { result: null }; // added, not switched: the page switches itself
      }
      case "eth_signTypedData_v4": {
        if (String(list[0]).toLowerCase() !== account.address.toLowerCase()) return fail(4100, "The requested account has not been authorized.");
        const typed = JSON.parse(String(list[1])) as { domain: Record<string, unknown>; types: Record<string, Array<{ name: string; type: string }>>; primaryType: string; message: Record<string, unknown> };
        const { EIP712Domain: _domain, ...types } = typed.types;
        // As a wallet does: integers may come as decimal strings.
        const message = Object.fromEntries(
          Object.entries(typed.message).map(([k, v]) => [k, /^u?int/.test(types[typed.primaryType]?.find((f) => f.name === k)?.type ?? "") ? BigInt(v as string) : v]),
        );
        return { result: await account.signTypedData({ domain: typed.domain, types, primaryType: typed.primaryType, message }) };
      }
      case "eth_sendTransaction": {
        const tx = list[0] as { from: Address; to: Address; data: Hex; value?: Hex };
        if (tx.from.toLowerCase() !== account.address.toLowerCase()) return fail(4100, "The requested account has not been authorized.");
        if (walletChain !== opts.chain.chain.id) return { result: `0x${"ab".repeat(32)}` };
        return { result: await wallet.sendTransaction({ to: tx.to, data: tx.data, value: BigInt(tx.value ?? "0x0") }) };
      }
      default:
        return fail(4200, `unsupported ${method}`);
    }
  });
  await page.addInitScript(`window.ethereum = { isTestDouble: true, request: ({ method, params }) => window.__walletRpc(method, params ?? []).then((r) => {
    if (r.error) { const e = new Error(r.error.message); e.code = r.error.code; throw e; }
    return r.result;
  }) };`);
  return { address: account.address, calls };
}
