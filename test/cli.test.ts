/** The operator CLI, run as operators run it (a child process): onboarding, keys, webhooks, errors. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestService, type TestService } from "./support/service.ts";
import { runCli } from "./support/cli.ts";

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
}, 60_000);
afterAll(async () => {
  await svc?.stop();
});

const cli = (...args: string[]) => runCli(svc, args);
const json = async <T>(...args: string[]): Promise<T> => {
  const r = await cli(...args, "--json");
  if (r.code !== 0) throw new Error(`cli ${args.join(" ")} failed: ${r.stderr}`);
  return JSON.parse(r.stdout) as T;
};

describe("operator CLI", () => {
  test("onboards an account, a merchant with its contract, keys and a webhook endpoint; the key works on /v1", async () => {
    const account = await json<{ id: string; name: string; object: string; created_at: string }>("accounts", "create", "--name", "Acme POS");
    expect(account.id).toMatch(/^acct_/);
    // The API's conventions: snake_case, `object`, ISO timestamps with milliseconds.
    expect(account).toMatchObject({ object: "account", name: "Acme POS" });
    expect(account.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(Object.keys(account).every((k) => /^[a-z0-9_]+$/.test(k))).toBe(true);
    const listed = await json<{ object: string; data: Array<{ object: string; id: string }> }>("accounts", "list");
    expect(listed.object).toBe("list");
    expect(listed.data.some((a) => a.object === "account" && a.id === account.id)).toBe(true);
    const merchant = await json<Record<string, unknown>>(
      "merchants", "create", "--account", account.id, "--business-name", "Blue Bottle", "--email", "ops@bb.example",
      "--bank-name", "Chase", "--bank-last4", "1234", "--fee-rate", "0.025", "--schedule", "cron:0 9 * * 1-5@Europe/Berlin",
      "--owner", "0x90F79bf6EB2c4f870365E785982E1f101E93b906", "--payout", "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65",
    );
    expect(merchant).toMatchObject({ object: "merchant", status: "active", kyc_status: "approved", fee_rate: 0.025, bank_account: { bank_name: "Chase", last_4: "1234", status: "verified" } });
    const code = await svc.ctx.chains.test!.publicClient.getCode({ address: merchant.payment_address as `0x${string}` });
    expect(code && code.length > 2).toBe(true);

    const scoped = await json<{ id: string; object: string; secret_key: string; merchant_id: string; key?: unknown }>("keys", "create", "--account", account.id, "--mode", "test", "--merchant", merchant.id as string);
    expect(scoped).toMatchObject({ object: "api_key", merchant_id: merchant.id as string });
    expect(scoped.secret_key).toMatch(/^sk_test_[0-9A-Za-z]{32}$/); // shown once, under a name that says so
    expect(scoped.key).toBeUndefined();
    const res = await svc.api(`/v1/merchants/${merchant.id}`, { key: scoped.secret_key });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { id: string }).id).toBe(merchant.id as string);
    // Another account's key does not see it.
    expect((await svc.api(`/v1/merchants/${merchant.id}`)).status).toBe(404);

    const revoked = await cli("keys", "revoke", "--key", scoped.id);
    expect(revoked.code).toBe(0);
    const again = await cli("keys", "revoke", "--key", scoped.id);
    expect(again.code).not.toBe(0);
    expect(again.stderr).toContain("already revoked");

    const endpoint = await json<{ id: string; object: string; signing_secret: string; event_types: string[] }>("webhooks", "create", "--account", account.id, "--url", "https://hooks.example/stablepay", "--event", "payment_intent.confirmed");
    expect(endpoint.object).toBe("webhook_endpoint");
    expect(endpoint.signing_secret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);
    expect(endpoint.event_types).toEqual(["payment_intent.confirmed"]);
    const disabled = await json<Record<string, unknown>>("webhooks", "disable", "--endpoint", endpoint.id);
    expect(disabled.status).toBe("disabled");
    expect(JSON.stringify(disabled)).not.toContain("whsec_"); // the secret is shown only when created
    expect((await json<{ status: string }>("webhooks", "enable", "--endpoint", endpoint.id)).status).toBe("enabled");
  });

  test("bad input: one clear line on stderr and a non-zero exit, nothing created", async () => {
    const account = await json<{ id: string }>("accounts", "create", "--name", "Errors Inc");
    const base = ["merchants", "create", "--account", account.id, "--business-name", "X", "--email", "x@x.example", "--bank-name", "B", "--bank-last4", "1234", "--owner", "0x90F79bf6EB2c4f870365E785982E1f101E93b906", "--payout", "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65"];
    const cases: Array<[string[], string]> = [
      [["accounts", "create"], "--name is required"],
      [[...base, "--fee-rate", "1.5"], "--fee-rate"],
      [[...base, "--fee-rate", "0.01", "--schedule", "fortnightly"], "settlement schedule"],
      [[...base, "--schedule", "cron:not a cron@UTC"], "invalid cron"],
      [[...base.slice(0, -2), "--payout", "0x123"], "payout address"],
      [["merchants", "create", "--account", "acct_nope", "--business-name", "X", "--email", "x@x.example", "--bank-name", "B", "--bank-last4", "1234", "--owner", "0x90F79bf6EB2c4f870365E785982E1f101E93b906", "--payout", "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65"], "no such integrator account"],
      [["keys", "create", "--account", account.id, "--mode", "prod"], "--mode must be test or live"],
      [["webhooks", "create", "--account", account.id, "--url", "not a url"], "is not a URL"],
      [["webhooks", "create", "--account", account.id, "--url", "https://x.example", "--event", "payment.done"], "unknown event type"],
      [["webhooks", "disable", "--endpoint", "we_nope"], "no such webhook endpoint"],
      [["keys", "create", "--bogus", "1"], "error:"],
    ];
    for (const [args, message] of cases) {
      const r = await cli(...args);
      expect({ args, code: r.code === 0 ? 0 : 1 }).toEqual({ args, code: 1 });
      expect(r.stderr).toContain(message);
      expect(r.stderr).not.toContain("    at "); // no stack trace for known errors
    }
    const merchants = await svc.ctx.database.sql`SELECT 1 FROM app.merchants m JOIN app.account_merchants am ON am.merchant_id = m.id WHERE am.account_id = ${account.id}`;
    expect(merchants.length).toBe(0);
  });

  test("no command or an unknown one prints usage and exits non-zero", async () => {
    const r = await cli("merchants", "explode");
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain("Usage:");
  });
  test("users create: a dashboard user with a one-time set-password link that signs in once; bad input is one clear line", async () => {
    const account = await json<{ id: string }>("accounts", "create", "--name", "Dashboard team");
    const user = await json<{ id: string; object: string; email: string; role: string; set_password_url: string }>("users", "create", "--account", account.id, "--email", "ops@team.example", "--role", "admin");
    expect(user).toMatchObject({ object: "dashboard_user", email: "ops@team.example", role: "admin" });
    expect(user.id).toMatch(/^usr_/);
    const url = new URL(user.set_password_url);
    expect(url.pathname).toBe("/dashboard/set-password");
    const body = new URLSearchParams({ token: url.searchParams.get("token")!, password: "a long enough password", confirm: "a long enough password" }).toString();
    const post = () => fetch(`${svc.apiUrl}/dashboard/set-password`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body, redirect: "manual" });
    expect((await post()).status).toBe(303);
    expect((await post()).status).toBe(400);
    for (const [args, message] of [
      [["--account", account.id, "--email", "ops@team.example", "--role", "admin"], /exists already/],
      [["--account", account.id, "--email", "not-an-email", "--role", "admin"], /not an email address/],
      [["--account", account.id, "--email", "x@team.example", "--role", "owner"], /role must be admin, viewer or cashier/],
      [["--account", account.id, "--email", "z@team.example", "--role", "cashier"], /pick the register/],
      [["--account", "acct_missing", "--email", "y@team.example"], /no such account/],
    ] as const) {
      const r = await cli("users", "create", ...args);
      expect(r.code).not.toBe(0);
      expect(r.stderr).toMatch(message);
    }
  });
});
