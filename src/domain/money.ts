/**
 * Money: USDC base units (6 decimals) as bigint inside the service; JSON numbers only at the edge.
 * This is the one place where units become dollars and back.
 */
export const UNITS_PER_USD = 1_000_000n;
export const BPS_DENOMINATOR = 10_000n;

/** The API's JSON number for an amount held in base units. Exact for every value below 2^53 units. */
export function unitsToUsd(units: bigint): number {
  if (units > 9_007_199_254_740_991n || units < -9_007_199_254_740_991n) throw new RangeError("amount too large for a JSON number");
  // Dividing two exact integers rounds once, to the double nearest the 6-decimal value, which
  // prints as that decimal (shortest round-trip form).
  return Number(units) / 1_000_000;
}

/**
 * Parses a USD amount given as a JSON number into base units, accepting at most `maxDecimals`
 * decimals. Returns undefined for NaN, infinities, or more decimals than allowed.
 */
export function usdToUnits(value: number, maxDecimals = 6): bigint | undefined {
  if (!Number.isFinite(value)) return undefined;
  // Shortest round-trip decimal form of the double: what the client wrote, for any sane input.
  const text = Object.is(value, -0) ? "0" : String(value);
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) return undefined; // exponent forms such as 1e-7 carry more decimals than we take
  const [, sign, whole, frac = ""] = m;
  if (frac.length > maxDecimals) return undefined;
  const units = BigInt(whole ?? "0") * UNITS_PER_USD + BigInt(frac.padEnd(6, "0") || "0");
  return sign === "-" ? -units : units;
}

/** fee = round_half_up(amount * rate), net = amount - fee (docs/contributors.md "Money"). */
export function splitFee(amountUnits: bigint, feeRateBps: number): { feeUnits: bigint; netUnits: bigint } {
  if (amountUnits < 0n) throw new RangeError("amount must be non-negative");
  const feeUnits = (amountUnits * BigInt(feeRateBps) + BPS_DENOMINATOR / 2n) / BPS_DENOMINATOR;
  return { feeUnits, netUnits: amountUnits - feeUnits };
}

/** 100 bps -> 0.01 as the API prints rates. */
export function bpsToRate(bps: number): number {
  return bps / 10_000;
}
