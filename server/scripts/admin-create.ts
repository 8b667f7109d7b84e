// `npm run admin:create`: creates an administrator, or sets a new password for an existing one.
//   npm run admin:create -- --username alice --password '...' [--email alice@example.com]
//   ADMIN_USERNAME=alice ADMIN_PASSWORD=... npm run admin:create
// Without a password (and on a terminal) it prompts. The database is DATABASE_URL, else PGlite in
// DATA_DIR or ./data, migrated first.
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import path from 'node:path';
import { migrate, openDatabase } from '../db/client';
import { upsertAdmin } from '../admin/auth/service';

async function prompt(question: string, hidden = false): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  if (hidden) {
    // Echo nothing while the password is typed.
    const write = (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput;
    (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s: string) => {
      if (s.includes(question)) write.call(rl, s);
    };
  }
  const answer = await rl.question(question);
  rl.close();
  if (hidden) process.stdout.write('\n');
  return answer.trim();
}

async function main() {
  const { values } = parseArgs({
    options: { username: { type: 'string' }, password: { type: 'string' }, email: { type: 'string' } },
  });
  let username = values.username ?? process.env.ADMIN_USERNAME ?? '';
  let password = values.password ?? process.env.ADMIN_PASSWORD ?? '';
  const email = values.email ?? process.env.ADMIN_EMAIL ?? null;
  if (!username && process.stdin.isTTY) username = await prompt('Admin username: ');
  if (!password && process.stdin.isTTY)
    password = await prompt('Admin password (at least 8 characters): ', true);
  if (!username || !password) {
    console.error('Usage: npm run admin:create -- --username <name> --password <password> [--email <email>]');
    process.exit(2);
  }
  if (username.length > 200) throw new Error('The username must be at most 200 characters.');
  if (password.length < 8) throw new Error('The password must be at least 8 characters.');

  const database = await openDatabase({
    databaseUrl: process.env.DATABASE_URL || null,
    dataDir: path.resolve(process.env.DATA_DIR ?? './data'),
  });
  try {
    await migrate(database.db);
    const result = await upsertAdmin(database.db, { username, password, email });
    const where = database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : 'PGlite';
    console.log(
      result.created
        ? `Administrator '${username}' created in ${where}.`
        : `Administrator '${username}' already existed in ${where}: password updated and account active.`,
    );
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
