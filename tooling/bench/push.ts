// Web Push fan-out (issue 38; `BENCH_ONLY=push npm run bench`): one event sent to 10,000 subscribed
// members, each with its own browser subscription (its own P-256 keys and auth secret), through the
// server's sender (server/push/sender.ts: the recipients' statement per 1,000 members, the atomic rate
// limit, one aes128gcm encryption per message, 64 requests in flight, the sends' log) to a push
// service on 127.0.0.1 (server/push/test-receiver.ts) in the same process. A first small round of 200
// is checked message by message (VAPID JWT verified, payload decrypted with each subscription's keys);
// the measured rounds only count (decrypting 10,000 messages in the same process would measure the
// receiver). Figure: messages accepted (201) per second, the median of the rounds.
import { performance } from 'node:perf_hooks';
import webpush from 'web-push';
import { openDatabase } from '../../server/db/client';
import { createScratchDatabase, createMembers } from '../../tests/reliability/support/db';
import { PushSender } from '../../server/push/sender';
import { startPushReceiver } from '../../server/push/test-receiver';
import type { Notification } from '../../server/push/messages';

export interface PushBenchResult {
  members: number;
  rounds: { seconds: number; sent: number; perSecond: number }[];
  medianPerSecond: number;
  checked: { messages: number; vapidOk: number; decrypted: number };
  concurrency: number;
}

const NOTIFICATION: Notification = {
  kind: 'account_messages',
  topic: 'account',
  payload: {
    kind: 'account_messages',
    title: 'New offers this week',
    body: 'Ten new offers are waiting, each with a spin.',
    url: '/dashboard',
    tag: 'account',
    action: null,
  },
};

export async function benchPush(opts: {
  databaseUrl: string;
  members?: number;
  rounds?: number;
  concurrency?: number;
  log?: (line: string) => void;
}): Promise<PushBenchResult> {
  const log = opts.log ?? (() => {});
  const count = opts.members ?? 10_000;
  const concurrency = opts.concurrency ?? 64;
  const keys = { ...webpush.generateVAPIDKeys(), subject: 'mailto:bench@example.com' };
  const scratch = await createScratchDatabase(opts.databaseUrl, 'push');
  const receiver = await startPushReceiver({ vapidPublicKey: keys.publicKey, subject: keys.subject });
  const database = await openDatabase({ databaseUrl: scratch.url, poolMax: 4 });
  try {
    const members = await createMembers(scratch.pool, count, { label: 'push' });
    const ids = members.map((m) => m.userId);
    const subs = ids.map(() => receiver.subscription());
    for (let i = 0; i < ids.length; i += 1000) {
      const slice = ids.slice(i, i + 1000);
      await scratch.pool.query(
        `insert into push_subscriptions (user_id, endpoint, p256dh, auth)
         select * from unnest($1::int[], $2::text[], $3::text[], $4::text[])`,
        [
          slice,
          subs.slice(i, i + 1000).map((s) => s.endpoint),
          subs.slice(i, i + 1000).map((s) => s.keys.p256dh),
          subs.slice(i, i + 1000).map((s) => s.keys.auth),
        ],
      );
    }
    log(`bench push: ${count} members subscribed`);
    const sender = new PushSender({
      db: database.db,
      keys: () => keys,
      count: () => {},
      ratePerHour: 1000,
      presenceSeconds: 60,
      allowInsecureEndpoints: true,
      concurrency,
    });

    // Checked round: 200 members, every message verified and decrypted.
    await sender.send(ids.slice(0, 200), NOTIFICATION, 'bench-checked');
    const checkedMessages = receiver.received.slice();
    const checked = {
      messages: checkedMessages.length,
      vapidOk: checkedMessages.filter((m) => m.vapidError === null && m.jwt).length,
      decrypted: checkedMessages.filter(
        (m) =>
          m.decryptError === null && (m.payload as { title?: string })?.title === NOTIFICATION.payload.title,
      ).length,
    };
    log(
      `bench push: checked round: ${checked.messages} messages, ${checked.vapidOk} VAPID ok, ${checked.decrypted} decrypted`,
    );

    const measured = await startPushReceiver({ vapidPublicKey: keys.publicKey, check: false });
    await receiver.close();
    // The same subscriptions now point at the counting receiver (same ids: a new origin).
    await scratch.pool.query(`update push_subscriptions set endpoint = replace(endpoint, $1, $2)`, [
      receiver.url,
      measured.url,
    ]);
    // The counting receiver answers 404 to ids it did not make: make them known by their ids.
    for (const s of subs) measured.adopt(s.id);

    const rounds: PushBenchResult['rounds'] = [];
    for (let r = 0; r < (opts.rounds ?? 3); r++) {
      const before = measured.received.length;
      const t0 = performance.now();
      const tally = await sender.send(ids, NOTIFICATION, `bench-${r}`);
      const seconds = (performance.now() - t0) / 1000;
      const sent = tally.sent ?? 0;
      rounds.push({ seconds, sent, perSecond: sent / seconds });
      log(
        `bench push: round ${r + 1}: ${sent} sent (${measured.received.length - before} received, ${tally.failed ?? 0} failed) in ${seconds.toFixed(2)} s: ${(sent / seconds).toFixed(0)}/s`,
      );
    }
    await measured.close();
    const sorted = rounds.map((x) => x.perSecond).sort((a, b) => a - b);
    return {
      members: count,
      rounds,
      medianPerSecond: sorted[Math.floor(sorted.length / 2)]!,
      checked,
      concurrency,
    };
  } finally {
    await database.close();
    await receiver.close().catch(() => {});
    await scratch.drop();
  }
}

export function pushSection(r: PushBenchResult, cmd: string, machine: string): string {
  const rows = r.rounds
    .map(
      (x, i) =>
        `| ${i + 1} | ${x.sent.toLocaleString('en')} | ${x.seconds.toFixed(2)} | ${x.perSecond.toFixed(0)} |`,
    )
    .join('\n');
  return `Command: ${cmd}. Machine: ${machine}.

One event fanned out to ${r.members.toLocaleString('en')} subscribed members (one browser each, its own keys) by the server's sender (\`server/push/sender.ts\`: the recipients' statement per 1,000 members, the per-member rate limit taken in one upsert per batch, one aes128gcm encryption per message, ${r.concurrency} requests in flight, the sends' log) to a push service on 127.0.0.1 in the same process (\`server/push/test-receiver.ts\`), on PostgreSQL. A first round of 200 was checked message by message: ${r.checked.vapidOk} of ${r.checked.messages} VAPID JWTs verified, ${r.checked.decrypted} payloads decrypted with their subscription's keys. The measured rounds only count messages.

| round | sent | seconds | sends per second |
|---|---|---|---|
${rows}

**Median: ${r.medianPerSecond.toFixed(0)} sends per second**, so ${r.members.toLocaleString('en')} members are told in about ${(r.members / r.medianPerSecond).toFixed(1)} s on this machine at this load (the load average above is the whole machine's: the sender, its database and the receiver shared the two cores with everything else running). Each message costs an ECDH key pair, HKDF and AES-GCM (web-push's \`encrypt\`) and an HTTP request; the VAPID JWT is signed once per push service and reused. Not profiled further. A failed send is a request the receiver answered after the sender's 10 s timeout. A real push service adds its network round trip, which the ${r.concurrency} requests in flight absorb.`;
}
