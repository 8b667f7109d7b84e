import { describe, expect, it } from 'vitest';
import { verifyPostback } from '../networks/verify';
import { nativeNetwork } from './service';
import { canonicalString, signPostback } from './conversions-service';

// The native format's signature (docs/product-rules.md#postbacks): which signatures pass the one
// verifier (server/networks/verify.ts) with the native network's configuration. Written for the
// mutants npm run test:mutation found alive (docs/testing.md); the parameter bounds, what a log row
// keeps and the junk budgets are the receiver's, tested with it (network-postback.test.ts,
// receiver-attacks.test.ts).

/** Whether the native receiver's verifier accepts these parameters, signed with `secret`'s key. */
function verifySignature(query: Record<string, string>, secret: string): boolean {
  const request = { method: 'GET', url: '/api/postback.php', query, headers: {}, ip: '203.0.113.7' };
  return verifyPostback(nativeNetwork(secret).config, request, new Date()).ok;
}
const SECRET = 'edge-secret-0123456789';
const params = { click_id: 'c 1', transaction_id: 't/1', payout: '2.5', status: 'approved' };

describe('the signature', () => {
  it('covers every parameter but sig, sorted by name and encoded', () => {
    expect(canonicalString({ b: '2', sig: 'x', a: 'é&=' })).toBe('a=%C3%A9%26%3D&b=2');
  });

  it('passes only the exact lowercase hex HMAC of those parameters', () => {
    const sig = signPostback(params, SECRET);
    expect(verifySignature({ ...params, sig }, SECRET)).toBe(true);
    expect(verifySignature({ ...params, sig }, `${SECRET}x`)).toBe(false);
    expect(verifySignature({ ...params, payout: '2.6', sig }, SECRET)).toBe(false);
    expect(verifySignature({ ...params, sig: sig.toUpperCase() }, SECRET)).toBe(false);
    expect(verifySignature({ ...params, sig: sig.slice(0, 63) }, SECRET)).toBe(false);
    expect(verifySignature({ ...params, sig: `${sig}0` }, SECRET)).toBe(false);
    expect(verifySignature({ ...params, sig: ` ${sig}` }, SECRET)).toBe(false);
    expect(verifySignature(params, SECRET)).toBe(false);
  });
});
