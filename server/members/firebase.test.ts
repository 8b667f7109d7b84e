import { describe, expect, it } from 'vitest';
import { createTokenVerifier } from './firebase';
import { emulatorIdToken } from '../demo/emulator';
import { TEST_EMULATOR_HOST, newAccount } from '../test/helpers';

describe('Firebase ID token verification', () => {
  it('accepts a real emulator token while the emulator is configured', async () => {
    const account = newAccount('verify');
    const token = await emulatorIdToken(TEST_EMULATOR_HOST, account);
    const verifier = createTokenVerifier('demo-spinrewards', TEST_EMULATOR_HOST);
    const decoded = await verifier.verify(token);
    expect(decoded.email).toBe(account.email);
    expect(decoded.aud).toBe('demo-spinrewards');
  });

  it('refuses the same token for another project (wrong audience)', async () => {
    const token = await emulatorIdToken(TEST_EMULATOR_HOST, newAccount('aud'));
    const verifier = createTokenVerifier('demo-other-project', TEST_EMULATOR_HOST);
    await expect(verifier.verify(token)).rejects.toMatchObject({ code: 'auth/argument-error' });
  });

  it('refuses unsigned emulator tokens when no emulator is configured (production)', async () => {
    const token = await emulatorIdToken(TEST_EMULATOR_HOST, newAccount('prod'));
    try {
      const verifier = createTokenVerifier('demo-spinrewards', null);
      await expect(verifier.verify(token)).rejects.toThrow(/kid|algorithm/i);
    } finally {
      // Restored whatever the check did: other suites in this worker verify emulator tokens.
      createTokenVerifier('demo-spinrewards', TEST_EMULATOR_HOST);
    }
  });
});
