/**
 * Payment links over real HTTP on the service as `npm start` runs it (real Postgres, anvil): the
 * /v1 routes (validation, another merchant's link is 404, update and its event), and the public
 * page's minting (one intent per visitor, a new one per browser, pages of links that take no
 * payment, the intents list's `payment_link` filter) and its races: many visitors at once, and the
 * last use wanted by several customers at once.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { loadPageView } from "../src/modules/pay/status.ts";
import { renderPayPage } from "../src/modules/pay/page.ts";
import { fixtures, type Json } from "./support/intents.ts";
import { startTestService, type TestService } from "./support/service.ts";

let svc: TestService;
let fx: Awaited<ReturnType<typeof fixtures>>;

beforeAll(async () => {
  svc = await startTestService();
  fx = await fixtures(svc);
}, 120_000);
afterAll(async () => {
  await svc?.stop();
});

async function createLink(body: Json, key?: string, headers?: Record<string, string>) {
  const res = await svc.api("/v1/payment_links", { method: "POST", json: body, key, headers });
  return { res, body: (await res.json()) as Json };
}

async function linkOk(body: Json = {}): Promise<Json> {
  const { res, body: out } = await createLink({ amount: 25, ...body });
  if (res.status !== 201) throw new Error(`link create failed: ${res.status} ${JSON.stringify(out)}`);
  return out;
}

/** One visit of the public page as a browser without script makes it; `cookie` is what the browser holds. */
async function visit(id: string, cookie?: string, query = "") {
  const res = await fetch(`${svc.apiUrl}/pay/links/${id}${query}`, { redirect: "manual", headers: cookie ? { cookie } : {} });
  const set = res.headers.get("set-cookie");
  const location = res.headers.get("location");
  return { status: res.status, location, cookie: set ? set.split(";")[0]! : cookie, text: await res.text() };
}

describe("the /v1 routes", () => {
  test("create, get, list and the fields of a fixed-amount link", async () => {
    const link = await linkOk({ amount: 12.5, max_uses: 3, after_completion: { redirect_url: "https://shop.example.com/thanks" }, metadata: { product: "tote" } });
    expect(Object.keys(link).sort()).toEqual(
      ["id", "object", "url", "active", "amount", "amount_options", "currency", "merchant_id", "chain", "token", "max_uses", "uses", "expires_at", "after_completion", "metadata", "livemode", "created_at"].sort(),
    );
    expect(link).toMatchObject({ object: "payment_link", active: true, amount: 12.5, amount_options: null, currency: "usd", merchant_id: svc.sandbox.merchant_id, chain: "base", token: "USDC", max_uses: 3, uses: 0, expires_at: null, after_completion: { redirect_url: "https://shop.example.com/thanks" }, metadata: { product: "tote" }, livemode: false });
    expect(String(link.id)).toMatch(/^plink_[0-9A-Za-z]{24}$/);
    expect(link.url).toBe(`${svc.ctx.config.publicBaseUrl}/pay/links/${link.id}`);
    const got = await svc.api(`/v1/payment_links/${link.id}`);
    expect(got.status).toBe(200);
    expect(await got.json()).toEqual(link);
    const open = await linkOk({ amount: undefined, amount_options: { minimum: 5, maximum: 500, preset: 20 } });
    expect(open).toMatchObject({ amount: null, amount_options: { minimum: 5, maximum: 500, preset: 20 } });
    // The unscoped key names the merchant; the list pages newest first.
    const page1 = (await (await svc.api(`/v1/payment_links?merchant_id=${svc.sandbox.merchant_id}&limit=1`, { key: svc.sandbox.test_key_unscoped })).json()) as Json;
    expect(page1).toMatchObject({ object: "list", has_more: true });
    expect((page1.data as Json[])[0]!.id).toBe(open.id);
    const page2 = (await (await svc.api(`/v1/payment_links?limit=1&starting_after=${open.id}`)).json()) as Json;
    expect((page2.data as Json[])[0]!.id).toBe(link.id);
  });

  test("an idempotent create replays the same link", async () => {
    const key = `links-${Date.now()}`;
    const a = await createLink({ amount: 7 }, undefined, { "idempotency-key": key });
    const b = await createLink({ amount: 7 }, undefined, { "idempotency-key": key });
    expect(a.res.status).toBe(201);
    expect(b.res.status).toBe(200);
    expect(b.res.headers.get("idempotent-replayed")).toBe("true");
    expect(b.body.id).toBe(a.body.id);
    const c = await createLink({ amount: 8 }, undefined, { "idempotency-key": key });
    expect(c.res.status).toBe(409);
  });

  test("every bad input is a 400 naming its parameter", async () => {
    const future = new Date(Date.now() + 3600_000).toISOString();
    const cases: Array<[Json, string, string]> = [
      [{ amount: undefined }, "parameter_missing", "amount"],
      [{ amount: 0 }, "amount_out_of_range", "amount"],
      [{ amount: 10000.01 }, "amount_out_of_range", "amount"],
      [{ amount: 1.234 }, "parameter_invalid", "amount"],
      [{ amount: "5" }, "parameter_invalid", "amount"],
      [{ amount_options: { minimum: 5, maximum: 10 } }, "parameter_invalid", "amount_options"],
      [{ amount: undefined, amount_options: { minimum: 10, maximum: 5 } }, "parameter_invalid", "amount_options.maximum"],
      [{ amount: undefined, amount_options: { minimum: 0, maximum: 5 } }, "amount_out_of_range", "amount_options.minimum"],
      [{ amount: undefined, amount_options: { minimum: 5, maximum: 50, preset: 60 } }, "amount_out_of_range", "amount_options.preset"],
      [{ amount: undefined, amount_options: { minimum: 5 } }, "parameter_invalid", "amount_options.maximum"],
      [{ amount: undefined, amount_options: { minimum: 5, maximum: 6, step: 1 } }, "parameter_unknown", "amount_options.step"],
      [{ max_uses: 0 }, "parameter_invalid", "max_uses"],
      [{ max_uses: 1.5 }, "parameter_invalid", "max_uses"],
      [{ expires_at: "2020-01-01T00:00:00Z" }, "parameter_invalid", "expires_at"],
      [{ expires_at: "tomorrow" }, "parameter_invalid", "expires_at"],
      [{ after_completion: { redirect_url: "javascript:alert(1)" } }, "parameter_invalid", "after_completion.redirect_url"],
      [{ after_completion: { redirect_url: "/relative" } }, "parameter_invalid", "after_completion.redirect_url"],
      [{ after_completion: {} }, "parameter_invalid", "after_completion.redirect_url"],
      [{ currency: "eur" }, "currency_unsupported", "currency"],
      [{ chain: "solana" }, "parameter_invalid", "chain"],
      [{ token: "DAI" }, "parameter_invalid", "token"],
      [{ metadata: { a: 1 } }, "metadata_invalid", "metadata"],
      [{ price: 5 }, "parameter_unknown", "price"],
      [{ merchant_id: "mer_doesnotexist0000000000" }, "resource_missing", "merchant_id"],
    ];
    for (const [patch, code, param] of cases) {
      const { res, body } = await createLink({ amount: 25, expires_at: future, ...patch });
      const error = body.error as Json;
      expect({ patch, status: res.status, code: error?.code, param: error?.param }).toEqual({ patch, status: 400, code, param });
      expect(error.type).toBe("invalid_request_error");
    }
    // An unscoped key must name the merchant.
    const { res, body } = await createLink({ amount: 5 }, svc.sandbox.test_key_unscoped);
    expect(res.status).toBe(400);
    expect(body.error).toMatchObject({ code: "parameter_missing", param: "merchant_id" });
    // Update: unknown fields and wrong types.
    const link = await linkOk();
    for (const [patch, code, param] of [
      [{ amount: 5 }, "parameter_unknown", "amount"],
      [{ active: "no" }, "parameter_invalid", "active"],
      [{ after_completion: { redirect_url: "ftp://x" } }, "parameter_invalid", "after_completion.redirect_url"],
    ] as Array<[Json, string, string]>) {
      const r = await svc.api(`/v1/payment_links/${link.id}`, { method: "POST", json: patch });
      expect({ patch, status: r.status, error: ((await r.json()) as Json).error }).toMatchObject({ patch, status: 400, error: { code, param } });
    }
    const badList = await svc.api("/v1/payment_links?limit=0");
    expect(badList.status).toBe(400);
    expect(((await badList.json()) as Json).error).toMatchObject({ param: "limit" });
  });

  test("a link of another merchant is 404, read or updated", async () => {
    const link = await linkOk();
    for (const key of [fx.secondKey, fx.foreignKey, fx.liveKey]) {
      const get = await svc.api(`/v1/payment_links/${link.id}`, { key });
      expect(get.status).toBe(404);
      expect(((await get.json()) as Json).error).toMatchObject({ code: "resource_missing" });
      const upd = await svc.api(`/v1/payment_links/${link.id}`, { key, method: "POST", json: { active: false } });
      expect(upd.status).toBe(404);
      const list = (await (await svc.api("/v1/payment_links", { key })).json()) as Json;
      expect((list.data as Json[]).some((l) => l.id === link.id)).toBe(false);
    }
    const other = await svc.api(`/v1/payment_links?merchant_id=${svc.sandbox.merchant_id}`, { key: fx.foreignKey });
    expect(other.status).toBe(404);
    expect((await svc.api("/v1/payment_links/plink_nope", {})).status).toBe(404);
    // And it cannot be created for a merchant the key does not see.
    const { res } = await createLink({ amount: 5, merchant_id: fx.foreign.id });
    expect(res.status).toBe(400);
    // Its intents cannot be listed by another merchant's key either.
    expect((await svc.api(`/v1/payment-intents?payment_link=${link.id}`, { key: fx.foreignKey })).status).toBe(404);
  });

  test("update: active off sends payment_link.deactivated once, and the redirect can be removed", async () => {
    const link = await linkOk({ after_completion: { redirect_url: "https://shop.example.com/a" } });
    const off = await svc.api(`/v1/payment_links/${link.id}`, { method: "POST", json: { active: false, metadata: { note: "sold out" } } });
    expect(off.status).toBe(200);
    expect(await off.json()).toMatchObject({ id: link.id, active: false, metadata: { note: "sold out" }, after_completion: { redirect_url: "https://shop.example.com/a" } });
    await svc.api(`/v1/payment_links/${link.id}`, { method: "POST", json: { active: false } });
    const events = await svc.ctx.database.sql<{ type: string; data: unknown }[]>`SELECT type, data FROM app.events WHERE data->>'id' = ${String(link.id)}`;
    expect(events.map((e) => e.type)).toEqual(["payment_link.deactivated"]);
    const data = (typeof events[0]!.data === "string" ? JSON.parse(events[0]!.data) : events[0]!.data) as Json;
    expect(data).toMatchObject({ id: link.id, object: "payment_link", active: false });
    const on = (await (await svc.api(`/v1/payment_links/${link.id}`, { method: "POST", json: { active: true, after_completion: null } })).json()) as Json;
    expect(on).toMatchObject({ active: true, after_completion: null });
  });
});

describe("the public page", () => {
  test("one intent per visitor: a reload gets the same intent, another browser another one, all listed by payment_link", async () => {
    const link = await linkOk({ amount: 9.99 });
    const first = await visit(String(link.id));
    expect(first.status).toBe(303);
    expect(first.location).toMatch(/^\/pay\/pi_/);
    expect(first.cookie).toMatch(/^stablepay_link_plink_\w+=\w{32}$/);
    const again = await visit(String(link.id), first.cookie);
    expect(again.location).toBe(first.location);
    const other = await visit(String(link.id));
    expect(other.location).not.toBe(first.location);
    const ids = [first.location!, other.location!].map((l) => l.slice("/pay/".length));
    const intent = (await (await svc.api(`/v1/payment-intents/${ids[0]}`)).json()) as Json;
    expect(intent).toMatchObject({ amount: 9.99, status: "awaiting_payment", metadata: { payment_link: link.id } });
    const listed = (await (await svc.api(`/v1/payment-intents?payment_link=${link.id}`, { key: svc.sandbox.test_key_unscoped })).json()) as Json;
    expect((listed.data as Json[]).map((i) => i.id).sort()).toEqual(ids.sort());
    expect(listed.total_count).toBe(2);
    const bad = await svc.api("/v1/payment-intents?payment_link=pi_123");
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as Json).error).toMatchObject({ code: "parameter_invalid", param: "payment_link" });
    // An intent carrying payment_link in metadata written by an integrator is not the link's.
    const forged = await svc.api("/v1/payment-intents", { method: "POST", json: { amount: 1, currency: "usd", merchant_id: svc.sandbox.merchant_id, metadata: { payment_link: link.id } } });
    expect(forged.status).toBe(201);
    const again2 = (await (await svc.api(`/v1/payment-intents?payment_link=${link.id}`)).json()) as Json;
    expect(again2.total_count).toBe(2);
  });

  test("an open-amount link asks the amount, refuses one outside its bounds, mints within them", async () => {
    const link = await linkOk({ amount: undefined, amount_options: { minimum: 5, maximum: 50, preset: 20 } });
    const form = await visit(String(link.id));
    expect(form.status).toBe(200);
    expect(form.text).toContain('value="20.00"');
    expect(form.text).toContain("Between $5.00 and $50.00");
    for (const typed of ["4.99", "50.01", "abc", "5.001"]) {
      const r = await visit(String(link.id), form.cookie, `?amount=${encodeURIComponent(typed)}`);
      expect({ typed, status: r.status }).toEqual({ typed, status: 400 });
      expect(r.text).toContain('role="alert"');
    }
    const ok = await visit(String(link.id), form.cookie, "?amount=12.34");
    expect(ok.status).toBe(303);
    const intent = (await (await svc.api(`/v1/payment-intents/${ok.location!.slice(5)}`)).json()) as Json;
    expect(intent.amount).toBe(12.34);
    // Coming back (even without an amount) while it is open: the same intent.
    expect((await visit(String(link.id), form.cookie)).location).toBe(ok.location);
  });

  test("inactive, expired and used-up links show their page with the merchant's name and no amount", async () => {
    const inactive = await linkOk({ amount: 31.41 });
    await svc.api(`/v1/payment_links/${inactive.id}`, { method: "POST", json: { active: false } });
    const expiring = await linkOk({ amount: 31.41, expires_at: new Date(Date.now() + 1500).toISOString() });
    await Bun.sleep(1600);
    const pages = { inactive: await visit(String(inactive.id)), expired: await visit(String(expiring.id)) };
    for (const [reason, page] of Object.entries(pages)) {
      expect({ reason, status: page.status }).toEqual({ reason, status: 410 });
      expect(page.text).toContain(`data-reason="${reason}"`);
      expect(page.text).toContain("Demo");
      expect(page.text).not.toContain("31.41");
      expect(page.text).not.toContain("$");
    }
    const unknown = await visit("plink_nope");
    expect(unknown.status).toBe(404);
    expect(unknown.cookie).toBeUndefined();
    // An id that is not a link's never reaches the cookie header.
    const odd = await fetch(`${svc.apiUrl}/pay/links/x%3B%20Domain%3Devil.example`, { redirect: "manual" });
    expect(odd.status).toBe(404);
    expect(odd.headers.get("set-cookie")).toBeNull();
  });

  test("one browser's requests at once (a reload during the first load, two tabs) get one intent", async () => {
    const link = await linkOk({ amount: 3.3, max_uses: 2 });
    const cookie = `stablepay_link_${link.id}=${"A".repeat(32)}`;
    const visits = await Promise.all(Array.from({ length: 6 }, () => visit(String(link.id), cookie)));
    expect(visits.map((v) => v.status)).toEqual(Array(6).fill(303));
    expect(new Set(visits.map((v) => v.location)).size).toBe(1);
    // So it holds one use of two: another customer still gets the other.
    expect((await visit(String(link.id))).status).toBe(303);
    expect((await visit(String(link.id))).status).toBe(409);
  });

  test("a link whose intent the create refuses (its merchant disabled) shows a page, not an API error, and holds no use", async () => {
    const { res, body: link } = await createLink({ amount: 6, max_uses: 1 }, fx.secondKey);
    expect(res.status).toBe(201);
    await svc.ctx.database.sql`UPDATE app.merchants SET status = 'disabled' WHERE id = ${fx.second.id}`;
    try {
      const page = await visit(String(link.id));
      expect(page.status).toBe(503);
      expect(page.text).toContain('data-reason="refused"');
      expect(page.text).toContain("Second Shop");
    } finally {
      await svc.ctx.database.sql`UPDATE app.merchants SET status = 'active' WHERE id = ${fx.second.id}`;
    }
    // The refused visit gave its use back: the next customer gets the link's only use.
    expect((await visit(String(link.id))).status).toBe(303);
  });

  test("many visitors at once each get their own intent", async () => {
    const link = await linkOk({ amount: 3 });
    const visits = await Promise.all(Array.from({ length: 25 }, () => visit(String(link.id))));
    expect(visits.map((v) => v.status)).toEqual(Array(25).fill(303));
    expect(new Set(visits.map((v) => v.location)).size).toBe(25);
    const listed = (await (await svc.api(`/v1/payment-intents?payment_link=${link.id}&limit=100`)).json()) as Json;
    expect(listed.total_count).toBe(25);
  });

  test("the last uses of a link wanted by many customers at once: only max_uses get an intent, the others are told before paying", async () => {
    const link = await linkOk({ amount: 4, max_uses: 3 });
    const visits = await Promise.all(Array.from({ length: 12 }, () => visit(String(link.id))));
    const minted = visits.filter((v) => v.status === 303);
    const told = visits.filter((v) => v.status === 409);
    expect(minted.length).toBe(3);
    expect(told.length).toBe(9);
    for (const t of told) {
      expect(t.text).toContain('data-reason="busy"');
      expect(t.text).not.toContain("4.00");
    }
    // A minted customer coming back still has its intent; the cap holds for anyone new.
    expect((await visit(String(link.id), minted[0]!.cookie)).location).toBe(minted[0]!.location);
    expect((await visit(String(link.id))).status).toBe(409);
    // One customer gives up (its intent cancelled): the use is free for the next customer.
    await svc.api(`/v1/payment-intents/${minted[0]!.location!.slice(5)}/cancel`, { method: "POST" });
    expect((await visit(String(link.id))).status).toBe(303);
    expect((await visit(String(link.id))).status).toBe(409);
  });
});

describe("the hosted page of a link's intent", () => {
  test("offers the wallet apps' own links to open the page in their browser, when it is served over https", async () => {
    const link = await linkOk({ amount: 2.5 });
    const id = (await visit(String(link.id))).location!.slice("/pay/".length);
    const view = (await loadPageView(svc.ctx, id))!;
    // The sandbox serves http://localhost: a wallet app on a phone cannot open that, so no links.
    expect(view.pageUrl).toStartWith("http://");
    expect(renderPayPage(view, new Date(), "v")).not.toContain("wallet-apps");
    const html = renderPayPage({ ...view, pageUrl: `https://pay.example.com/pay/${id}` }, new Date(), "v");
    expect(html).toContain(`href="https://metamask.app.link/dapp/pay.example.com/pay/${id}"`);
    expect(html).toContain(`href="https://go.cb-w.com/dapp?cb_url=https%3A%2F%2Fpay.example.com%2Fpay%2F${id}"`);
  });
});
