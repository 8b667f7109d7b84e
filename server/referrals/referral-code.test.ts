import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { DATABASE_KINDS, newAccount, signIn, testAppPerSuite } from '../test/helpers';
import { REFERRAL_CODE_CHECKS_PER_MINUTE } from './route';

// GET /api/referral-code.php?code=: the sign-in page asks before it says "Referral Code Applied"
// (issue 35, item 9). It answers whether a new member would be referred with the code, and the
// referrer's first name, to anyone, without a session; a blocked referrer's code reads as not found.
/** The referral code a sign-in answer gives the member. */
const codeOf = (body: unknown) => (body as { user: { referral_code: string } }).user.referral_code;

describe.each(DATABASE_KINDS)('referral code check on %s', (kind) => {
  let app: FastifyInstance;
  let database: Db;
  testAppPerSuite(kind, (s) => {
    app = s.app;
    database = s.db;
  });

  const check = (code: string, ip = '203.0.113.9') =>
    app.inject({
      method: 'GET',
      url: `/api/referral-code.php?code=${encodeURIComponent(code)}`,
      remoteAddress: ip,
    });

  it("answers a member's code as valid with their first name, in any case, without a session", async () => {
    const referrer = await signIn(app, { ...newAccount('refcheck'), name: 'Kavya Rao' });
    const code = codeOf(referrer.body);
    const res = await check(code.toLowerCase());
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ success: true, valid: true, referrerFirstName: 'Kavya' });
  });

  it('answers an unknown code as not valid, and a blocked referrer the same way', async () => {
    expect((await check('NOTACODE1')).json()).toEqual({
      success: true,
      valid: false,
      referrerFirstName: null,
    });
    const blocked = await signIn(app, newAccount('refblocked'));
    await database.update(users).set({ isSuspicious: true }).where(eq(users.id, blocked.userId));
    expect((await check(codeOf(blocked.body))).json()).toEqual({
      success: true,
      valid: false,
      referrerFirstName: null,
    });
  });

  it('refuses a malformed code with 400 and never runs it as SQL', async () => {
    for (const code of ['', "A' OR '1'='1", 'x'.repeat(33), 'AB CD']) {
      const res = await check(code);
      expect(res.statusCode, code).toBe(400);
      expect(res.json().success).toBe(false);
    }
  });

  it('limits one address to its allowance per minute (429), not another address', async () => {
    const ip = '198.51.100.77';
    for (let i = 0; i < REFERRAL_CODE_CHECKS_PER_MINUTE; i++)
      expect((await check(`GUESS${i}`, ip)).statusCode).toBe(200);
    const refused = await check('GUESSX', ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().success).toBe(false);
    expect((await check('GUESSX', '198.51.100.78')).statusCode).toBe(200);
  });
});
