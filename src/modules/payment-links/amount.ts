/** The amount a customer types on an open-amount link, read as the page's form sends it. Pure. */

/**
 * The amount a customer typed on an open-amount link: dollars with at most 2 decimals, within the
 * link's bounds. A message for the customer when it is not, rather than an API error.
 */
export function typedAmount(text: string, minimumUnits: bigint, maximumUnits: bigint): { units: bigint } | { error: string } {
  const bounds = `between $${dollars(minimumUnits)} and $${dollars(maximumUnits)}`;
  const m = /^\s*\$?\s*(\d{1,6})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!m) return { error: `Enter an amount in US dollars ${bounds}, such as ${dollars(minimumUnits)}.` };
  const units = BigInt(m[1]!) * 1_000_000n + BigInt((m[2] ?? "").padEnd(2, "0")) * 10_000n;
  if (units < minimumUnits || units > maximumUnits) return { error: `The amount must be ${bounds}.` };
  return { units };
}

/** Base units as dollars and cents: 12500000n -> "12.50". */
export function dollars(units: bigint): string {
  return `${units / 1_000_000n}.${((units % 1_000_000n) / 10_000n).toString().padStart(2, "0")}`;
}
