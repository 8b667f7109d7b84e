// Input PostgreSQL cannot store (U+0000 in text) is a 400, never a 500 (found by the reliability suite).
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { DATABASE_KINDS, testAppPerSuite } from '../test/helpers';
import type { Db } from '../db/client';
import { query } from '../db/client';

describe.each(DATABASE_KINDS)('NUL characters in input (%s)', (kind) => {
  let app: FastifyInstance;
  let db: Db;
  testAppPerSuite(kind, (s) => {
    app = s.app;
    db = s.db;
  });

  it('a JSON body with NUL answers 400 JSON', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/login.php',
      payload: { username: 'a\u0000b', password: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: expect.stringContaining('NUL') });
  });

  it('a query string with NUL answers 400 JSON', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health.php?x=%00' });
    expect(res.statusCode).toBe(400);
  });

  it('a postback with NUL is malformed (400) and still logged', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/postback.php?click_id=a%00b&sig=00' });
    expect(res.statusCode).toBe(400);
    const rows = await query<{ outcome: string }>(
      db,
      sql`select outcome from postback_log order by id desc limit 1`,
    );
    expect(rows[0]?.outcome).toBe('malformed');
  });
});
