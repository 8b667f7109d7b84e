// `npm run seed:demo`: the living demo (server/demo/history.ts) on any database: the demo offers and
// stock if they are missing, then about 60 days of history written through the product's services.
//   npm run seed:demo [-- --seed 15] [--members 240] [--force]
// The database is DATABASE_URL, else PGlite in DATA_DIR or ./data, migrated first. It refuses a
// database that already has real members (anyone who is not one of the demo's) unless --force, and a
// database that already has the demo's history.
import { parseArgs } from 'node:util';
import path from 'node:path';
import { migrate, openDatabase } from '../db/client';
import {
  demoActor,
  describeHistory,
  ensureAdmin,
  ensureCpxDemoNetwork,
  hasDemoCatalogue,
  insertDemoCatalogue,
} from '../demo/seed';
import { DEMO_HISTORY_SEED, demoSeedBlockers, seedHistory } from '../demo/history';

async function main() {
  const { values } = parseArgs({
    options: {
      seed: { type: 'string' },
      members: { type: 'string' },
      force: { type: 'boolean', default: false },
    },
  });
  const seed = values.seed === undefined ? DEMO_HISTORY_SEED : Number(values.seed);
  const members = values.members === undefined ? undefined : Number(values.members);
  if (!Number.isInteger(seed) || (members !== undefined && !(Number.isInteger(members) && members >= 0))) {
    console.error('Usage: npm run seed:demo -- [--seed <integer>] [--members <count>] [--force]');
    process.exit(2);
  }

  const database = await openDatabase({
    databaseUrl: process.env.DATABASE_URL || null,
    dataDir: path.resolve(process.env.DATA_DIR ?? './data'),
  });
  try {
    const db = database.db;
    await migrate(db);
    const blockers = await demoSeedBlockers(db);
    if (blockers.historyPresent) {
      console.error(
        '\n  Not seeded: this database already has the demo history. Run it on a fresh database (an empty DATA_DIR, or a new DATABASE_URL).\n',
      );
      process.exitCode = 1;
      return;
    }
    if (blockers.realMembers > 0 && !values.force) {
      console.error(
        `\n  Not seeded: this database has ${blockers.realMembers} real member${blockers.realMembers === 1 ? '' : 's'} (not the demo's).\n` +
          '  The demo history would mix invented members, conversions and vouchers with theirs, and would\n' +
          '  hand out voucher codes from the stock. If that is really what you want: npm run seed:demo -- --force\n',
      );
      process.exitCode = 1;
      return;
    }
    const username = process.env.ADMIN_USERNAME || 'admin';
    const admin = await ensureAdmin(db, username, process.env.ADMIN_PASSWORD || undefined);
    if (!(await hasDemoCatalogue(db))) await insertDemoCatalogue(db);
    await ensureCpxDemoNetwork(db);
    const history = await seedHistory(db, await demoActor(db, username), {
      seed,
      ...(members !== undefined ? { members } : {}),
    });
    console.log(`\n  Demo history (seed ${seed}): ${describeHistory(history)}`);
    console.log(`  ${JSON.stringify(history.summary)}`);
    if (admin.created && admin.password)
      console.log(`  Admin sign-in:  ${admin.username} / ${admin.password}   (shown once: note it now)`);
    console.log('');
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
