// A partner network's IP allowlist (docs/product-rules.md#partner-networks): IPv4 and IPv6
// addresses and CIDR ranges, parsed once when the configuration is read. Written here rather than
// with node:net's BlockList so that every rule is visible and tested: strict dotted quads (no
// leading zeros, which some parsers read as octal), IPv4-mapped IPv6 (`::ffff:203.0.113.7`, how a
// dual-stack socket reports an IPv4 client) compared as IPv4, and a CIDR whose host bits are set
// refused rather than silently widened.

/** An address as bytes: 4 for IPv4, 16 for IPv6. */
type Bytes = Uint8Array;

function parseIpv4(text: string): Bytes | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  const out = new Uint8Array(4);
  for (let i = 0; i < 4; i++) {
    const p = parts[i]!;
    if (!/^(0|[1-9]\d{0,2})$/.test(p)) return null;
    const n = Number(p);
    if (n > 255) return null;
    out[i] = n;
  }
  return out;
}

function parseIpv6(text: string): Bytes | null {
  if (!/^[0-9a-fA-F:.]+$/.test(text)) return null;
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const groups = (s: string): number[] | null => {
    if (s === '') return [];
    const out: number[] = [];
    const parts = s.split(':');
    for (let i = 0; i < parts.length; i++) {
      const p = parts[i]!;
      // A dotted quad may end an IPv6 address (`::ffff:192.0.2.1`): it counts as two groups.
      if (i === parts.length - 1 && p.includes('.')) {
        const v4 = parseIpv4(p);
        if (!v4) return null;
        out.push((v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!);
      } else {
        if (!/^[0-9a-fA-F]{1,4}$/.test(p)) return null;
        out.push(parseInt(p, 16));
      }
    }
    return out;
  };
  const head = groups(halves[0]!);
  const tail = halves.length === 2 ? groups(halves[1]!) : [];
  if (!head || !tail) return null;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const all = [...head, ...Array<number>(halves.length === 2 ? missing : 0).fill(0), ...tail];
  const out = new Uint8Array(16);
  all.forEach((g, i) => {
    out[2 * i] = g >> 8;
    out[2 * i + 1] = g & 0xff;
  });
  return out;
}

const MAPPED_PREFIX = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff];

/** The address's bytes, with an IPv4-mapped IPv6 address reduced to its IPv4 bytes; null if invalid. */
export function parseIp(text: string): Bytes | null {
  if (text.includes(':')) {
    const v6 = parseIpv6(text);
    if (v6 && MAPPED_PREFIX.every((b, i) => v6[i] === b)) return v6.slice(12);
    return v6;
  }
  return parseIpv4(text);
}

export interface IpRange {
  bytes: Bytes;
  prefix: number;
}

/**
 * One allowlist entry: an address (a /32 or /128) or a CIDR range. Returns the range, or the reason it
 * is not one, in words a person can act on.
 */
export function parseIpRange(entry: string): IpRange | { error: string } {
  const text = entry.trim();
  const example = 'e.g. 203.0.113.7, 203.0.113.0/24 or 2001:db8::/32';
  const [addr, prefixText, ...rest] = text.split('/');
  if (rest.length > 0 || addr === undefined)
    return { error: `"${entry}" is not an IP address or CIDR range (${example})` };
  const bytes = parseIp(addr);
  if (!bytes) return { error: `"${entry}" is not an IPv4 or IPv6 address or CIDR range (${example})` };
  const max = bytes.length * 8;
  if (prefixText === undefined) return { bytes, prefix: max };
  // A mapped IPv6 range (::ffff:192.0.2.0/120) is written against 128 bits; it was reduced to IPv4.
  const mappedShift = addr.includes(':') && bytes.length === 4 ? 96 : 0;
  if (!/^\d{1,3}$/.test(prefixText))
    return { error: `"${entry}": the prefix length after "/" must be a number (${example})` };
  const prefix = Number(prefixText) - mappedShift;
  if (prefix < 0 || prefix > max)
    return {
      error: `"${entry}": the prefix length must be between ${mappedShift} and ${max + mappedShift} for this address`,
    };
  const network = maskBytes(bytes, prefix);
  if (!network.every((b, i) => b === bytes[i]))
    return {
      error: `"${entry}" has host bits set after /${prefixText}: did you mean ${formatIp(network)}/${prefix}?`,
    };
  return { bytes, prefix };
}

function maskBytes(bytes: Bytes, prefix: number): Bytes {
  const out = new Uint8Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) {
    const bits = Math.max(0, Math.min(8, prefix - 8 * i));
    out[i] = bytes[i]! & ((0xff << (8 - bits)) & 0xff);
  }
  return out;
}

function formatIp(bytes: Bytes): string {
  if (bytes.length === 4) return Array.from(bytes).join('.');
  const groups: string[] = [];
  for (let i = 0; i < 16; i += 2) groups.push(((bytes[i]! << 8) | bytes[i + 1]!).toString(16));
  return groups.join(':');
}

export function inRange(ip: Bytes, range: IpRange): boolean {
  if (ip.length !== range.bytes.length) return false;
  const masked = maskBytes(ip, range.prefix);
  return masked.every((b, i) => b === range.bytes[i]);
}

/**
 * A matcher for an allowlist; an empty list allows any address. Entries are
 * assumed valid (the configuration schema checked them); an invalid one matches nothing.
 */
export function ipAllowlist(entries: readonly string[]): (ip: string) => boolean {
  const ranges = entries.map(parseIpRange).filter((r): r is IpRange => !('error' in r));
  if (entries.length === 0) return () => true;
  return (ip) => {
    const bytes = parseIp(ip);
    return bytes !== null && ranges.some((r) => inRange(bytes, r));
  };
}
