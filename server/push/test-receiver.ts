// A push service on 127.0.0.1 for the tests and the bench (issue 38): it accepts RFC 8030 message
// POSTs, checks the VAPID Authorization (RFC 8292: `vapid t=<JWT>, k=<key>`, an ES256 JWT verified
// with the server's public key, its `aud` the endpoint's origin, `exp` within 24 hours, `sub` the
// configured subject), reads TTL, Urgency and Topic, and decrypts the aes128gcm payload (RFC 8188
// framing, RFC 8291 keys) with the subscription's private key and auth secret it generated, as a
// browser would. It answers 201, or the status a test sets for one subscription (404, 410...).
import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
  type ECDH,
} from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TestSubscription {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  subscriptionId: string;
  ttl: string | undefined;
  urgency: string | undefined;
  topic: string | undefined;
  contentEncoding: string | undefined;
  /** Null when the Authorization was right; else what was wrong. */
  vapidError: string | null;
  jwt: { aud?: string; exp?: number; sub?: string } | null;
  /** The decrypted payload, parsed as JSON (null when not decrypted). */
  payload: unknown;
  decryptError: string | null;
  status: number;
}

const b64 = (buf: Buffer) => buf.toString('base64url');

/** RFC 8291 §3.4 and RFC 8188 §2: the single record of a Web Push message, decrypted. */
export function decryptAes128gcm(body: Buffer, ecdh: ECDH, authSecret: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  const record = body.subarray(21 + idlen);
  if (idlen !== 65) throw new Error(`keyid is ${idlen} bytes, not an uncompressed P-256 key`);
  if (record.length > rs) throw new Error('more than one record');
  const uaPublic = ecdh.getPublicKey();
  const ecdhSecret = ecdh.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 followed by zero or more zero bytes.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end);
}

/** RFC 8292: `vapid t=<jwt>, k=<public key>` signed by `publicKey`'s private key for `origin`. */
export function checkVapid(
  authorization: string | undefined,
  publicKey: string,
  origin: string,
  subject?: string,
): { error: string | null; jwt: ReceivedPush['jwt'] } {
  const m = /^vapid t=([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+), k=([A-Za-z0-9_-]+)$/.exec(
    authorization ?? '',
  );
  if (!m) return { error: 'no vapid Authorization', jwt: null };
  const [header, claims, signature] = m[1]!.split('.') as [string, string, string];
  if (m[2] !== publicKey) return { error: 'k is not the server key', jwt: null };
  const raw = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64(raw.subarray(1, 33)), y: b64(raw.subarray(33, 65)) },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  const head = JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg?: string };
  const jwt = JSON.parse(Buffer.from(claims, 'base64url').toString()) as NonNullable<ReceivedPush['jwt']>;
  if (!ok) return { error: 'bad signature', jwt };
  if (head.alg !== 'ES256') return { error: `alg ${head.alg}`, jwt };
  if (jwt.aud !== origin) return { error: `aud ${jwt.aud} is not ${origin}`, jwt };
  const now = Date.now() / 1000;
  if (typeof jwt.exp !== 'number' || jwt.exp < now || jwt.exp > now + 24 * 3600)
    return { error: 'exp is not within 24 hours', jwt };
  if (subject !== undefined && jwt.sub !== subject) return { error: `sub ${jwt.sub}`, jwt };
  return { error: null, jwt };
}

export interface PushReceiver {
  url: string;
  /** A new subscription (a browser's keys) whose endpoint is this service. */
  subscription(): TestSubscription;
  /** Accepts messages for a subscription id made by another receiver (the bench counts them here). */
  adopt(id: string): void;
  /** Answer `status` to the subscription's next messages (410: gone). */
  setStatus(id: string, status: number): void;
  received: ReceivedPush[];
  /** Resolves once `n` messages have arrived in all. */
  waitFor(n: number, timeoutMs?: number): Promise<ReceivedPush[]>;
  close(): Promise<void>;
}

export async function startPushReceiver(opts: {
  vapidPublicKey: string;
  subject?: string;
  /** false (the bench): count messages without checking or decrypting them. */
  check?: boolean;
}): Promise<PushReceiver> {
  const subs = new Map<string, { ecdh: ECDH; auth: Buffer; status: number }>();
  const received: ReceivedPush[] = [];
  const waiters: { n: number; resolve: () => void }[] = [];
  const check = opts.check !== false;
  let origin = '';
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const id = /^\/push\/([A-Za-z0-9_-]+)$/.exec(req.url ?? '')?.[1] ?? '';
      const sub = subs.get(id);
      const status = req.method !== 'POST' ? 405 : sub ? sub.status : 404;
      const h = req.headers;
      const entry: ReceivedPush = {
        subscriptionId: id,
        ttl: h.ttl as string | undefined,
        urgency: h.urgency as string | undefined,
        topic: h.topic as string | undefined,
        contentEncoding: h['content-encoding'],
        vapidError: null,
        jwt: null,
        payload: null,
        decryptError: null,
        status,
      };
      if (check && sub) {
        const v = checkVapid(h.authorization, opts.vapidPublicKey, origin, opts.subject);
        entry.vapidError = v.error;
        entry.jwt = v.jwt;
        try {
          entry.payload = JSON.parse(decryptAes128gcm(Buffer.concat(chunks), sub.ecdh, sub.auth).toString());
        } catch (err) {
          entry.decryptError = (err as Error).message;
        }
      }
      received.push(entry);
      res.writeHead(status, status === 201 ? { location: `/message/${received.length}` } : {});
      res.end();
      for (const w of [...waiters]) if (received.length >= w.n) w.resolve();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  return {
    url: origin,
    subscription() {
      const id = randomBytes(9).toString('base64url');
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      subs.set(id, { ecdh, auth, status: 201 });
      return {
        id,
        endpoint: `${origin}/push/${id}`,
        keys: { p256dh: b64(ecdh.getPublicKey()), auth: b64(auth) },
      };
    },
    adopt(id) {
      if (!subs.has(id)) {
        const ecdh = createECDH('prime256v1');
        ecdh.generateKeys();
        subs.set(id, { ecdh, auth: randomBytes(16), status: 201 });
      }
    },
    setStatus(id, status) {
      const sub = subs.get(id);
      if (sub) sub.status = status;
    },
    received,
    waitFor(n, timeoutMs = 10_000) {
      if (received.length >= n) return Promise.resolve(received);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`push receiver: ${received.length} of ${n} messages`)),
          timeoutMs,
        );
        waiters.push({
          n,
          resolve: () => {
            clearTimeout(timer);
            resolve(received);
          },
        });
      });
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
