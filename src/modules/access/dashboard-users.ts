/**
 * Who signs in to the dashboard: users of an integrator account with a role (`admin` everything,
 * `viewer` read only, `cashier` one register only: takes its payments and sees its day, nothing else), their passwords (argon2id through Bun.password), one-time set-password
 * tokens, and sessions. Session and set-password tokens are random (256 bits) and stored only as
 * SHA-256 hashes, so a copy of the database opens no session. Sessions end after 12 h idle or 7
 * days in all, on sign-out, and when the password changes.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { Sql, SqlOrTx } from "../../db/client.ts";
import { fromPgTs, pgTs } from "../../db/pg-values.ts";
import type { Mode } from "../../domain/mode.ts";
import { newId } from "../../domain/ids.ts";
import type { Principal } from "./authenticator.ts";

export type DashboardRole = "admin" | "viewer" | "cashier";
export const DASHBOARD_ROLES: readonly DashboardRole[] = ["admin", "viewer", "cashier"];

export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;
export const SET_PASSWORD_TTL_MS = 72 * 60 * 60 * 1000;
export const PASSWORD_MIN_LENGTH = 12;
/** last_seen_at is written at most this often per session (one write per minute, not per request). */
const TOUCH_EVERY_MS = 60_000;

export interface DashboardUser {
  id: string;
  accountId: string;
  email: string;
  role: DashboardRole;
  /** The register a cashier is bound to (null for every other role). */
  terminalId: string | null;
}

export interface DashboardSession {
  user: DashboardUser;
  csrfToken: string;
  tokenHash: string;
}

const hash = (token: string) => createHash("sha256").update(token).digest("hex");
const token = () => randomBytes(32).toString("base64url");

function userOf(r: Record<string, unknown>): DashboardUser {
  return { id: String(r.id), accountId: String(r.account_id), email: String(r.email), role: r.role as DashboardRole, terminalId: (r.terminal_id as string | null) ?? null };
}

/** A refused user change (CLI and dashboard say it as it is). */
export class DashboardUserError extends Error {
  override name = "DashboardUserError";
}

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,253}\.[^\s@]{1,63}$/;

/** Checks and creates a user of an existing account; the set-password token is shown once. */
export async function addDashboardUser(sql: SqlOrTx, input: { accountId: string; email: string; role: string; terminalId?: string }, now: Date): Promise<{ user: DashboardUser; setPasswordToken: string }> {
  const email = input.email.trim();
  if (!EMAIL.test(email)) throw new DashboardUserError(`"${email}" is not an email address`);
  if (!(DASHBOARD_ROLES as readonly string[]).includes(input.role)) throw new DashboardUserError(`role must be admin, viewer or cashier, got "${input.role}"`);
  const [account] = await sql`SELECT id FROM app.accounts WHERE id = ${input.accountId}`;
  if (!account) throw new DashboardUserError(`no such account: ${input.accountId}`);
  let terminalId: string | null = null;
  if (input.role === "cashier") {
    // A cashier exists only at a register of one of the account's own merchants.
    const [t] = input.terminalId
      ? await sql`SELECT t.id FROM app.terminals t JOIN app.account_merchants am ON am.merchant_id = t.merchant_id WHERE t.id = ${input.terminalId} AND am.account_id = ${input.accountId}`
      : [];
    if (!t) throw new DashboardUserError("A cashier works at one register: pick the register.");
    terminalId = String(t.id);
  }
  if (await findUserByEmail(sql, email)) throw new DashboardUserError(`a dashboard user with the email ${email} exists already`);
  return createDashboardUser(sql, { accountId: input.accountId, email, role: input.role as DashboardRole, terminalId }, now);
}

export type MemberChange = { role: DashboardRole } | { remove: true };

/**
 * An admin's change to a member of the account: a new role, or removal (the user row goes, and with
 * it every session and set-password link: a removed user is refused at once). An account always
 * keeps an admin: the account's admin rows are locked first, so two admins demoting each other at
 * the same moment cannot both succeed, and the actor must still be an admin under that lock.
 * Returns false when the user is not a member of the actor's account.
 */
export async function changeMember(sql: Sql, actor: DashboardUser, userId: string, change: MemberChange): Promise<boolean> {
  const accountId = actor.accountId;
  // A cashier is made with its register (addDashboardUser): a role change only moves between admin and viewer.
  if ("role" in change && change.role !== "admin" && change.role !== "viewer") throw new DashboardUserError(`role must be admin or viewer, got "${change.role}"`);
  return (await sql.begin(async (tx) => {
    const admins = await tx`SELECT id FROM app.dashboard_users WHERE account_id = ${accountId} AND role = 'admin' ORDER BY id FOR UPDATE`;
    // Checked again under the lock: an admin demoted a moment ago changes nothing.
    if (!admins.some((a) => a.id === actor.id)) throw new DashboardUserError("Only admins change the team, and you are no longer one.");
    const [user] = await tx`SELECT id, role FROM app.dashboard_users WHERE id = ${userId} AND account_id = ${accountId} FOR UPDATE`;
    if (!user) return false;
    const losesAdmin = user.role === "admin" && ("remove" in change || change.role !== "admin");
    if (losesAdmin && admins.length <= 1) throw new DashboardUserError("An account keeps at least one admin: make another user an admin first.");
    if ("remove" in change) await tx`DELETE FROM app.dashboard_users WHERE id = ${userId}`;
    else await tx`UPDATE app.dashboard_users SET role = ${change.role}, terminal_id = NULL WHERE id = ${userId}`;
    return true;
  })) as boolean;
}

/** A new one-time set-password link for a member of the account (a forgotten password); undefined if not a member. */
export async function newSetPasswordLink(sql: SqlOrTx, accountId: string, userId: string, now: Date): Promise<{ email: string; token: string } | undefined> {
  const [user] = await sql`SELECT id, email FROM app.dashboard_users WHERE id = ${userId} AND account_id = ${accountId}`;
  if (!user) return undefined;
  return { email: String(user.email), token: await issueSetPasswordToken(sql, String(user.id), now) };
}

/** A user without a password yet; returns it with a one-time set-password token (shown once). */
export async function createDashboardUser(sql: SqlOrTx, input: { accountId: string; email: string; role: DashboardRole; terminalId?: string | null }, now: Date): Promise<{ user: DashboardUser; setPasswordToken: string }> {
  const id = newId("dashboardUser");
  const [row] = await sql`
    INSERT INTO app.dashboard_users (id, account_id, email, role, terminal_id)
    VALUES (${id}, ${input.accountId}, ${input.email.trim()}, ${input.role}, ${input.terminalId ?? null})
    RETURNING id, account_id, email, role, terminal_id`;
  const user = userOf(row!);
  return { user, setPasswordToken: await issueSetPasswordToken(sql, user.id, now) };
}

export async function issueSetPasswordToken(sql: SqlOrTx, userId: string, now: Date): Promise<string> {
  const t = token();
  await sql`INSERT INTO app.dashboard_password_tokens (token_hash, user_id, expires_at) VALUES (${hash(t)}, ${userId}, ${pgTs(new Date(now.getTime() + SET_PASSWORD_TTL_MS))}::timestamptz)`;
  return t;
}

export async function findUserByEmail(sql: SqlOrTx, email: string): Promise<(DashboardUser & { passwordHash: string | null }) | undefined> {
  const [row] = await sql`SELECT id, account_id, email, role, terminal_id, password_hash FROM app.dashboard_users WHERE lower(email) = lower(${email.trim()})`;
  return row ? { ...userOf(row), passwordHash: (row.password_hash as string | null) ?? null } : undefined;
}

/** A hash to verify against when the email is unknown, so both answers take the same time. */
let decoy: Promise<string> | undefined;

/** The user whose email and password these are, or undefined (the same time and answer either way). */
export async function verifyPassword(sql: SqlOrTx, email: string, password: string): Promise<DashboardUser | undefined> {
  const user = await findUserByEmail(sql, email);
  decoy ??= Bun.password.hash("decoy password that matches nothing", "argon2id");
  const stored = user?.passwordHash ?? (await decoy);
  const ok = await Bun.password.verify(password, stored).catch(() => false);
  return ok && user?.passwordHash ? { id: user.id, accountId: user.accountId, email: user.email, role: user.role, terminalId: user.terminalId } : undefined;
}

/**
 * Sets a password with a set-password token (used once, within its time) or for a signed-in user.
 * Every session of the user ends. Returns the user, or undefined for a bad or used token.
 */
export async function setPasswordWithToken(sql: SqlOrTx, setToken: string, password: string, now: Date): Promise<DashboardUser | undefined> {
  const passwordHash = await Bun.password.hash(password, "argon2id");
  const [row] = await sql`
    WITH used AS (
      UPDATE app.dashboard_password_tokens SET used_at = ${pgTs(now)}::timestamptz
      WHERE token_hash = ${hash(setToken)} AND used_at IS NULL AND expires_at > ${pgTs(now)}::timestamptz
      RETURNING user_id
    ), u AS (
      UPDATE app.dashboard_users SET password_hash = ${passwordHash}, password_changed_at = ${pgTs(now)}::timestamptz
      WHERE id = (SELECT user_id FROM used)
      RETURNING id, account_id, email, role, terminal_id
    ), ended AS (
      UPDATE app.dashboard_sessions SET revoked_at = ${pgTs(now)}::timestamptz WHERE user_id = (SELECT id FROM u) AND revoked_at IS NULL
    )
    SELECT * FROM u`;
  return row ? userOf(row) : undefined;
}

/** A new session for `user`: the cookie token (shown once) and its CSRF token. */
export async function openSession(sql: SqlOrTx, user: DashboardUser, now: Date): Promise<{ token: string; csrfToken: string }> {
  const t = token();
  const csrfToken = token();
  await sql`
    INSERT INTO app.dashboard_sessions (token_hash, user_id, csrf_token, created_at, last_seen_at)
    VALUES (${hash(t)}, ${user.id}, ${csrfToken}, ${pgTs(now)}::timestamptz, ${pgTs(now)}::timestamptz)`;
  return { token: t, csrfToken };
}

/** The live session of a cookie token (not revoked, not idle 12 h, younger than 7 days), touched. */
export async function loadSession(sql: SqlOrTx, cookieToken: string | undefined, now: Date): Promise<DashboardSession | undefined> {
  if (!cookieToken || cookieToken.length > 100) return undefined;
  const tokenHash = hash(cookieToken);
  const [row] = await sql`
    SELECT s.csrf_token, s.created_at, s.last_seen_at, u.id, u.account_id, u.email, u.role, u.terminal_id
    FROM app.dashboard_sessions s JOIN app.dashboard_users u ON u.id = s.user_id
    WHERE s.token_hash = ${tokenHash} AND s.revoked_at IS NULL`;
  if (!row) return undefined;
  const created = fromPgTs(row.created_at).getTime();
  const seen = fromPgTs(row.last_seen_at).getTime();
  if (now.getTime() - seen > SESSION_IDLE_MS || now.getTime() - created > SESSION_ABSOLUTE_MS) return undefined;
  if (now.getTime() - seen > TOUCH_EVERY_MS) await sql`UPDATE app.dashboard_sessions SET last_seen_at = ${pgTs(now)}::timestamptz WHERE token_hash = ${tokenHash}`;
  return { user: userOf(row), csrfToken: String(row.csrf_token), tokenHash };
}

export async function closeSession(sql: SqlOrTx, session: DashboardSession, now: Date): Promise<void> {
  await sql`UPDATE app.dashboard_sessions SET revoked_at = ${pgTs(now)}::timestamptz WHERE token_hash = ${session.tokenHash} AND revoked_at IS NULL`;
}

/** Constant-time comparison of the CSRF token a form sent with the session's. */
export function csrfMatches(session: DashboardSession, sent: string | undefined): boolean {
  if (!sent) return false;
  const a = Buffer.from(session.csrfToken);
  const b = Buffer.from(sent);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * What a dashboard user may see, in the API's terms: the account's merchants in the chosen mode,
 * through the same visibility rule as an unscoped API key (no rule written twice).
 */
export function dashboardPrincipal(user: DashboardUser, mode: Mode, scopeMerchantId: string | null = null): Principal {
  // Admins refund (the dashboard's refund form is theirs); viewers only look; a cashier sees its register's merchant only.
  return { keyId: `dashboard:${user.id}`, accountId: user.accountId, mode, scopeMerchantId, canRefund: user.role === "admin" };
}
