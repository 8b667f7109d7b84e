/**
 * Where an address comes from, offline: its network (ASN and organisation) from the
 * `@ip-location-db/asn` package's CSVs, whether that network is a hosting, datacenter or VPN provider
 * (server/trust/hosting-asns.json, merged with an operator's file), and its /24 (IPv4) or /48
 * (IPv6) prefix. Loopback, private, link-local, CGNAT and unspecified addresses carry no address
 * evidence. No network access: the datasets are files installed from the npm registry.
 *
 * The ASN tables load lazily, once per family (IPv6 only on the first IPv6 lookup), into sorted typed
 * arrays searched by bisection. docs/trust-and-safety.md, "Address and email signals".
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { isIPv4, isIPv6 } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface AddressInfo {
  asn: number | null;
  org: string | null;
  hosting: boolean;
  prefix: string | null;
  private: boolean;
}

export interface AddressSignalOptions {
  /** A folder holding `asn-ipv4-num.csv` and `asn-ipv6.csv` (the @ip-location-db/asn format). */
  asnDatasetDir?: string | null;
  /** A JSON file shaped like hosting-asns.json, merged over it (a null name removes an ASN). */
  hostingAsnsFile?: string | null;
}

/** The options from environment variables (TRUST_ASN_DATASET_DIR, TRUST_HOSTING_ASNS_FILE). */
export function addressSignalOptionsFromEnv(env: Record<string, string | undefined>): AddressSignalOptions {
  return {
    asnDatasetDir: env.TRUST_ASN_DATASET_DIR || null,
    hostingAsnsFile: env.TRUST_HOSTING_ASNS_FILE || null,
  };
}

export const DEFAULT_HOSTING_ASNS_FILE = fileURLToPath(new URL('./hosting-asns.json', import.meta.url));

export function defaultAsnDatasetDir(): string {
  const require = createRequire(import.meta.url);
  return path.dirname(require.resolve('@ip-location-db/asn/package.json'));
}

// ---------------------------------------------------------------------------------------------------
// Parsing addresses

/** An IPv4 address as an unsigned 32-bit number, or null. */
function parseIPv4(ip: string): number | null {
  if (!isIPv4(ip)) return null;
  const parts = ip.split('.');
  return ((+parts[0] << 24) | (+parts[1] << 16) | (+parts[2] << 8) | +parts[3]) >>> 0;
}

/** An IPv6 address as eight 16-bit groups, or null. Accepts `::` and a trailing dotted IPv4. */
function parseIPv6(input: string): number[] | null {
  const ip = input.replace(/%.*$/, '');
  if (!isIPv6(ip)) return null;
  let text = ip;
  const tail: number[] = [];
  const lastColon = text.lastIndexOf(':');
  if (text.indexOf('.', lastColon) !== -1) {
    const v4 = parseIPv4(text.slice(lastColon + 1));
    if (v4 === null) return null;
    tail.push(v4 >>> 16, v4 & 0xffff);
    text = text.slice(0, lastColon + 1) + '0';
  }
  const double = text.indexOf('::');
  const toGroups = (s: string) => (s === '' ? [] : s.split(':').map((g) => parseInt(g, 16)));
  let groups: number[];
  if (double === -1) {
    groups = toGroups(text);
  } else {
    const head = toGroups(text.slice(0, double));
    const rest = toGroups(text.slice(double + 2));
    groups = [
      ...head,
      ...new Array<number>(8 - (tail.length ? 1 : 0) - head.length - rest.length).fill(0),
      ...rest,
    ];
  }
  if (tail.length) groups = [...groups.slice(0, -1), ...tail];
  return groups.length === 8 ? groups : null;
}

/** Four unsigned 32-bit words, most significant first. */
function words(groups: number[]): [number, number, number, number] {
  return [0, 2, 4, 6].map((i) => ((groups[i] << 16) | groups[i + 1]) >>> 0) as [
    number,
    number,
    number,
    number,
  ];
}

/** RFC 5952 text: lower case, no leading zeros, the longest run (≥ 2) of zero groups as `::`. */
function formatIPv6(groups: number[]): string {
  let best = -1;
  let bestLength = 1;
  for (let i = 0; i < 8;) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLength) [best, bestLength] = [i, j - i];
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (best === -1) return hex.join(':');
  return `${hex.slice(0, best).join(':')}::${hex.slice(best + bestLength).join(':')}`;
}

type Parsed = { family: 4; v4: number } | { family: 6; groups: number[] };

/** IPv4, or IPv6 (an IPv4-mapped `::ffff:a.b.c.d` is its IPv4 address). */
function parseAddress(ip: string): Parsed | null {
  const text = ip.trim();
  const v4 = parseIPv4(text);
  if (v4 !== null) return { family: 4, v4 };
  const groups = parseIPv6(text);
  if (!groups) return null;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return { family: 4, v4: ((groups[6] << 16) | groups[7]) >>> 0 };
  }
  return { family: 6, groups };
}

const PRIVATE_V4: Array<[number, number]> = [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // RFC 1918
  ['100.64.0.0', 10], // carrier-grade NAT (RFC 6598)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local
  ['172.16.0.0', 12], // RFC 1918
  ['192.168.0.0', 16], // RFC 1918
].map(([base, bits]) => [parseIPv4(base as string)!, bits as number]);

function isPrivateV4(v4: number): boolean {
  return PRIVATE_V4.some(([base, bits]) => v4 >>> (32 - bits) === base >>> (32 - bits));
}

function isPrivateV6(groups: number[]): boolean {
  const zeroHead = groups.slice(0, 7).every((g) => g === 0);
  if (zeroHead && (groups[7] === 0 || groups[7] === 1)) return true; // :: and ::1
  if ((groups[0] & 0xfe00) === 0xfc00) return true; // unique local fc00::/7
  if ((groups[0] & 0xffc0) === 0xfe80) return true; // link-local fe80::/10
  return false;
}

function prefixOf(parsed: Parsed): string {
  if (parsed.family === 4) {
    const base = parsed.v4 & 0xffffff00;
    return `${base >>> 24}.${(base >>> 16) & 0xff}.${(base >>> 8) & 0xff}.0/24`;
  }
  return `${formatIPv6([...parsed.groups.slice(0, 3), 0, 0, 0, 0, 0])}/48`;
}

/** The /24 of an IPv4 address (IPv4-mapped IPv6 included) or the /48 of an IPv6 one; null if not an address. */
export function addressPrefix(ip: string): string | null {
  const parsed = parseAddress(ip);
  return parsed ? prefixOf(parsed) : null;
}

/** True for loopback, RFC 1918, link-local, CGNAT, unique-local and unspecified addresses. */
export function isPrivateAddress(ip: string): boolean {
  const parsed = parseAddress(ip);
  if (!parsed) return false;
  return parsed.family === 4 ? isPrivateV4(parsed.v4) : isPrivateV6(parsed.groups);
}

// ---------------------------------------------------------------------------------------------------
// The ASN tables

interface Table {
  /** IPv4: one word per range; IPv6: four words per range, most significant first. */
  starts: Uint32Array;
  ends: Uint32Array;
  asns: Uint32Array;
  orgIndex: Uint32Array;
  orgs: string[];
  length: number;
}

/** The organisation field: the rest of the line, unquoted (`"LLC ""X"""` is `LLC "X"`). */
function unquote(field: string): string {
  return field.startsWith('"') ? field.slice(1, -1).replace(/""/g, '"') : field;
}

function readDataset(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(
      `The ASN dataset ${file} could not be read (install @ip-location-db/asn, or set TRUST_ASN_DATASET_DIR to a folder with asn-ipv4-num.csv and asn-ipv6.csv): ${(error as Error).message}`,
    );
  }
}

function newTable(capacity: number, width: number): Table {
  return {
    starts: new Uint32Array(capacity * width),
    ends: new Uint32Array(capacity * width),
    asns: new Uint32Array(capacity),
    orgIndex: new Uint32Array(capacity),
    orgs: [],
    length: 0,
  };
}

/** Rows `start,end,asn,org`; `addRange` stores the addresses, this the ASN and interned organisation. */
function parseRows(
  text: string,
  width: number,
  addRange: (table: Table, row: number, start: string, end: string) => boolean,
): Table {
  let lines = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines++;
  const table = newTable(lines + 1, width);
  const orgIds = new Map<string, number>();
  let row = 0;
  for (let at = 0; at < text.length;) {
    let eol = text.indexOf('\n', at);
    if (eol === -1) eol = text.length;
    const c1 = text.indexOf(',', at);
    const c2 = text.indexOf(',', c1 + 1);
    const c3 = text.indexOf(',', c2 + 1);
    if (
      c1 !== -1 &&
      c3 !== -1 &&
      c3 < eol &&
      addRange(table, row, text.slice(at, c1), text.slice(c1 + 1, c2))
    ) {
      table.asns[row] = +text.slice(c2 + 1, c3);
      const org = unquote(text.slice(c3 + 1, eol).replace(/\r$/, ''));
      let id = orgIds.get(org);
      if (id === undefined) {
        id = table.orgs.length;
        // A copy: a slice would keep the whole file's text alive.
        table.orgs.push(Buffer.from(org, 'utf8').toString('utf8'));
        orgIds.set(org, id);
      }
      table.orgIndex[row] = id;
      row++;
    }
    at = eol + 1;
  }
  table.length = row;
  return table;
}

function loadV4(dir: string): Table {
  return parseRows(readDataset(path.join(dir, 'asn-ipv4-num.csv')), 1, (table, row, start, end) => {
    table.starts[row] = +start;
    table.ends[row] = +end;
    return true;
  });
}

function loadV6(dir: string): Table {
  return parseRows(readDataset(path.join(dir, 'asn-ipv6.csv')), 4, (table, row, start, end) => {
    const s = parseIPv6(start);
    const e = parseIPv6(end);
    if (!s || !e) return false;
    table.starts.set(words(s), row * 4);
    table.ends.set(words(e), row * 4);
    return true;
  });
}

/** Compares the key with the row's words (width 1 or 4): negative, zero or positive. */
function compare(array: Uint32Array, row: number, width: number, key: ArrayLike<number>): number {
  for (let w = 0; w < width; w++) {
    const a = key[w];
    const b = array[row * width + w];
    if (a !== b) return a < b ? -1 : 1;
  }
  return 0;
}

/** The row whose range holds the key (rows sorted by start, not overlapping), or -1. */
function find(table: Table, width: number, key: ArrayLike<number>): number {
  let lo = 0;
  let hi = table.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    if (compare(table.starts, mid, width, key) >= 0) {
      found = mid;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return found !== -1 && compare(table.ends, found, width, key) <= 0 ? found : -1;
}

// ---------------------------------------------------------------------------------------------------
// Hosting ASNs

interface HostingFile {
  sources?: string[];
  asns: Record<string, string | null>;
}

function readHostingFile(file: string): HostingFile {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`The hosting ASN list ${file} could not be read: ${(error as Error).message}`);
  }
  const asns = (parsed as { asns?: unknown } | null)?.asns;
  if (!asns || typeof asns !== 'object' || Array.isArray(asns)) {
    throw new Error(
      `The hosting ASN list ${file} has no "asns" object ({ "asns": { "16509": "Amazon AWS" } })`,
    );
  }
  for (const [asn, name] of Object.entries(asns)) {
    if (!/^\d+$/.test(asn) || (name !== null && typeof name !== 'string')) {
      throw new Error(
        `The hosting ASN list ${file}: "${asn}" must be a number with a name (or null to remove it)`,
      );
    }
  }
  return parsed as HostingFile;
}

/** The curated list merged with the operator's file: ASN → provider name. */
export function loadHostingAsns(options: AddressSignalOptions = {}): Map<number, string> {
  const merged = new Map<number, string>();
  const files = [DEFAULT_HOSTING_ASNS_FILE, ...(options.hostingAsnsFile ? [options.hostingAsnsFile] : [])];
  for (const file of files) {
    for (const [asn, name] of Object.entries(readHostingFile(file).asns)) {
      if (name === null) merged.delete(Number(asn));
      else merged.set(Number(asn), name);
    }
  }
  return merged;
}

// ---------------------------------------------------------------------------------------------------
// Lookups

export interface AddressSignals {
  lookup(ip: string | null | undefined): AddressInfo;
  /** The hosting provider's name for an ASN in the list, else null. */
  hostingProvider(asn: number): string | null;
  /** Loads both ASN tables and the hosting list now (at server start), instead of on first use. */
  preload(): void;
}

const NO_EVIDENCE: AddressInfo = { asn: null, org: null, hosting: false, prefix: null, private: false };

export function createAddressSignals(options: AddressSignalOptions = {}): AddressSignals {
  const dir = options.asnDatasetDir || defaultAsnDatasetDir();
  let v4: Table | null = null;
  let v6: Table | null = null;
  let hosting: Map<number, string> | null = null;
  const hostingAsns = () => (hosting ??= loadHostingAsns(options));

  function lookup(ip: string | null | undefined): AddressInfo {
    if (!ip) return { ...NO_EVIDENCE };
    const parsed = parseAddress(ip);
    if (!parsed) return { ...NO_EVIDENCE };
    if (parsed.family === 4 ? isPrivateV4(parsed.v4) : isPrivateV6(parsed.groups)) {
      return { ...NO_EVIDENCE, private: true };
    }
    let table: Table;
    let row: number;
    if (parsed.family === 4) {
      table = v4 ??= loadV4(dir);
      row = find(table, 1, [parsed.v4]);
    } else {
      table = v6 ??= loadV6(dir);
      row = find(table, 4, words(parsed.groups));
    }
    const prefix = prefixOf(parsed);
    if (row === -1) return { ...NO_EVIDENCE, prefix };
    const asn = table.asns[row];
    return {
      asn,
      org: table.orgs[table.orgIndex[row]],
      hosting: hostingAsns().has(asn),
      prefix,
      private: false,
    };
  }

  return {
    lookup,
    hostingProvider: (asn) => hostingAsns().get(asn) ?? null,
    preload() {
      v4 ??= loadV4(dir);
      v6 ??= loadV6(dir);
      hostingAsns();
    },
  };
}

let configured: AddressSignals | null = null;

/** Sets the datasets `lookupAddress` uses (the server calls it once at start with its configuration). */
export function configureAddressSignals(options: AddressSignalOptions): AddressSignals {
  configured = createAddressSignals(options);
  return configured;
}

function signals(): AddressSignals {
  return (configured ??= createAddressSignals());
}

/** The network of an address: ASN, organisation, hosting provider or not, /24 or /48 prefix, private. */
export function lookupAddress(ip: string | null | undefined): AddressInfo {
  return signals().lookup(ip);
}
