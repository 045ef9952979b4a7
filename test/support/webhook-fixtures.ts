/**
 * Fixtures for the expiry and webhook tests: accounts, merchants and intents written straight to
 * the database (no chain needed), a movable clock, and real HTTP receivers (Bun.serve, free port).
 */
import { randomBytes } from "node:crypto";
import { loadConfig } from "../../src/config.ts";
import { createContext, type AppContext, type Clock } from "../../src/context.ts";
import type { Database, Sql } from "../../src/db/client.ts";
import type { Mode, WebhookEventType } from "../../src/db/schema/core.ts";
import { newId } from "../../src/domain/ids.ts";
import { insertEvent } from "../../src/modules/outbox/outbox.ts";
import { createLogger } from "../../src/logger.ts";

export const TEST_CHAIN_ID = 31337;

export class MovableClock implements Clock {
  constructor(private t: number) {}
  now(): Date {
    return new Date(this.t);
  }
  set(d: Date | number): void {
    this.t = typeof d === "number" ? d : d.getTime();
  }
  advance(ms: number): void {
    this.t += ms;
  }
}

export function testContext(database: Database, opts: { clock?: Clock; env?: Record<string, string> } = {}): AppContext {
  const config = loadConfig({ LOG_LEVEL: "error", ...opts.env });
  return createContext({ config, database, chains: {}, clock: opts.clock, log: createLogger("error") });
}

export async function seedAccount(sql: Sql, name = "acct"): Promise<string> {
  const id = newId("account");
  await sql`INSERT INTO app.accounts (id, name) VALUES (${id}, ${name})`;
  return id;
}

export async function seedMerchant(sql: Sql, accountIds: string[], mode: Mode = "test"): Promise<{ id: string; paymentAddress: string }> {
  const id = newId("merchant");
  const paymentAddress = `0x${randomBytes(20).toString("hex")}`;
  await sql`
    INSERT INTO app.merchants (id, mode, business_name, email, status, kyc_status, bank_name, bank_last4, bank_status, chain_id,
      payment_address, owner_address, payout_address, fee_rate_bps, settlement_schedule)
    VALUES (${id}, ${mode}, 'Shop', 'shop@example.com', 'active', 'approved', 'Bank', '1234', 'verified', ${TEST_CHAIN_ID},
      ${paymentAddress}, ${paymentAddress}, ${paymentAddress}, 100, 'manual')`;
  for (const a of accountIds) await sql`INSERT INTO app.account_merchants (account_id, merchant_id) VALUES (${a}, ${id})`;
  return { id, paymentAddress };
}

/**
 * Awaiting intents with their reservations. Tags 0..9999 per amount: beyond 10,000 intents the
 * amount steps up by one cent (amount + k * 0.01 USD), as distinct expected values require.
 */
export async function seedIntents(
  sql: Sql,
  opts: { accountId: string; merchantId: string; paymentAddress: string; count: number; expiresAt: Date; amountUnits?: bigint; createdAt?: Date; chainId?: number; metadata?: Record<string, string> },
): Promise<string[]> {
  const amount = opts.amountUnits ?? 1_000_000n;
  const createdAt = opts.createdAt ?? new Date(opts.expiresAt.getTime() - 300_000);
  const [base] = await sql<{ n: number }[]>`
    SELECT count(*)::int AS n FROM app.reservations WHERE merchant_id = ${opts.merchantId} AND expected_units >= ${amount}::int8 AND expected_units < ${amount}::int8 + 100000000`;
  const ids: string[] = [];
  for (let i = 0; i < opts.count; i++) ids.push(newId("paymentIntent"));
  const start = base?.n ?? 0;
  await sql.begin(async (tx) => {
    for (let off = 0; off < ids.length; off += 1000) {
      const chunk = ids.slice(off, off + 1000).map((id, j) => {
        const k = start + off + j;
        return { id, tag: k % 10_000, amount: (amount + BigInt(Math.floor(k / 10_000)) * 10_000n).toString() };
      });
      await tx`
        INSERT INTO app.payment_intents (id, mode, account_id, merchant_id, status, amount_units, tag_units, expected_units, chain_id,
          payment_address, metadata, created_at, expires_at)
        SELECT x.id, 'test', ${opts.accountId}, ${opts.merchantId}, 'awaiting_payment', x.amount, x.tag, x.amount + x.tag,
          ${opts.chainId ?? TEST_CHAIN_ID}, ${opts.paymentAddress}, ${JSON.stringify(opts.metadata ?? { order: "A-1" })}::text::jsonb,
          ${createdAt.toISOString()}::timestamptz, ${opts.expiresAt.toISOString()}::timestamptz
        FROM jsonb_to_recordset(${JSON.stringify(chunk)}::text::jsonb) AS x(id text, tag int, amount int8)`;
      await tx`
        INSERT INTO app.reservations (merchant_id, expected_units, intent_id)
        SELECT ${opts.merchantId}, x.amount + x.tag, x.id FROM jsonb_to_recordset(${JSON.stringify(chunk)}::text::jsonb) AS x(id text, tag int, amount int8)`;
    }
  });
  return ids;
}

export async function seedEndpoint(
  sql: Sql,
  opts: { accountId: string; url: string; mode?: Mode; eventTypes?: WebhookEventType[]; status?: "enabled" | "disabled" },
): Promise<{ id: string; secret: string }> {
  const id = newId("webhookEndpoint");
  const secret = `whsec_${randomBytes(32).toString("base64")}`;
  const types = opts.eventTypes ?? ["payment_intent.confirmed", "payment_intent.expired", "transaction.created", "settlement.completed"];
  await sql`
    INSERT INTO app.webhook_endpoints (id, account_id, mode, url, secret, event_types, status)
    VALUES (${id}, ${opts.accountId}, ${opts.mode ?? "test"}, ${opts.url}, ${secret}, ${types}, ${opts.status ?? "enabled"})`;
  return { id, secret };
}

export async function seedEvent(
  sql: Sql,
  opts: { merchantId: string; accountId: string | null; type?: WebhookEventType; mode?: Mode; createdAt?: Date; data?: Record<string, unknown> },
): Promise<string> {
  return insertEvent(sql, {
    mode: opts.mode ?? "test",
    type: opts.type ?? "payment_intent.confirmed",
    merchantId: opts.merchantId,
    accountId: opts.accountId,
    data: opts.data ?? { id: newId("paymentIntent"), object: "payment_intent", status: "confirmed", amount: 12.34, metadata: { order: "ü-1" } },
    createdAt: opts.createdAt ?? new Date(),
  });
}

export interface ReceivedRequest {
  headers: Record<string, string>;
  body: string;
  at: number;
}

export type ReceiverHandler = (req: ReceivedRequest, nth: number) => Response | Promise<Response>;

/** A real HTTP receiver on a free port; `handler` decides each answer (default 200). */
export class Receiver {
  readonly requests: ReceivedRequest[] = [];
  openNow = 0;
  maxOpen = 0;
  handler: ReceiverHandler = () => new Response("ok");
  private server: ReturnType<typeof Bun.serve>;
  private waiters: Array<() => void> = [];

  constructor() {
    this.server = Bun.serve({
      port: 0,
      hostname: "127.0.0.1",
      idleTimeout: 60,
      fetch: async (request) => {
        const received: ReceivedRequest = { headers: Object.fromEntries(request.headers.entries()), body: await request.text(), at: Date.now() };
        this.requests.push(received);
        const nth = this.requests.length;
        for (const w of this.waiters.splice(0)) w();
        this.openNow++;
        this.maxOpen = Math.max(this.maxOpen, this.openNow);
        try {
          return await this.handler(received, nth);
        } finally {
          this.openNow--;
        }
      },
    });
  }

  get url(): string {
    return `http://127.0.0.1:${this.server.port}/hook`;
  }

  get port(): number {
    return this.server.port ?? 0;
  }

  /** Resolves once at least `n` requests have arrived. */
  async waitForRequests(n: number, timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.requests.length < n) {
      if (Date.now() > deadline) throw new Error(`receiver got ${this.requests.length} requests, expected ${n}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }

  stop(): void {
    this.server.stop(true);
  }
}

/** Polls `fn` until it returns a truthy value (or throws after `timeoutMs`). */
export async function waitFor<T>(fn: () => Promise<T | undefined | null | false>, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(20);
  }
}
