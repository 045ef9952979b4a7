/**
 * Network address ranges (the operator's trusted proxies): parsed once, matched per request.
 * Built on Node's BlockList (IPv4 and IPv6 subnets); an IPv4-mapped IPv6 address (`::ffff:10.0.0.1`,
 * as a dual-stack listener reports IPv4 peers) is matched as the IPv4 address it carries.
 */
import { BlockList, isIP } from "node:net";

export interface AddressRanges {
  /** The ranges as configured, normalised (`10.0.0.0/8`, `::1/128`). */
  readonly list: readonly string[];
  has(address: string): boolean;
}

/** `10.0.0.1` from `::ffff:10.0.0.1`; anything else as given, without brackets or a zone. */
export function plainAddress(address: string): string {
  const a = address.trim().replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(a);
  return mapped ? mapped[1]! : a;
}

/** Parses `10.0.0.0/8, 192.168.1.7, fd00::/8`; throws with the offending entry for a bad one. */
export function parseAddressRanges(text: string): AddressRanges {
  const blocks = new BlockList();
  const list: string[] = [];
  for (const raw of text.split(",").map((s) => s.trim()).filter(Boolean)) {
    const [ip, bits, extra] = raw.split("/");
    const address = plainAddress(ip ?? "");
    const family = isIP(address);
    const max = family === 4 ? 32 : 128;
    const prefix = bits === undefined ? max : /^\d+$/.test(bits) ? Number(bits) : NaN;
    if (!family || extra !== undefined || !(prefix >= 0 && prefix <= max)) throw new Error(`"${raw}" is not an IP address or CIDR range`);
    blocks.addSubnet(address, prefix, family === 4 ? "ipv4" : "ipv6");
    list.push(`${address}/${prefix}`);
  }
  return {
    list,
    has(candidate: string) {
      const address = plainAddress(candidate);
      const family = isIP(address);
      return family !== 0 && blocks.check(address, family === 4 ? "ipv4" : "ipv6");
    },
  };
}
