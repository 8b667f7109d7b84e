import { describe, expect, it } from 'vitest';
import { bulkResultMessage, userStatus } from './user-status';

describe('userStatus', () => {
  it.each([
    [true, 50, 'blocked'],
    [false, 11, 'active'],
    [false, 10, 'member'],
    [false, 1, 'member'],
    [false, 0, 'new'],
  ] as const)('is_suspicious=%s completions=%i → %s', (is_suspicious, total_completions, expected) => {
    expect(userStatus({ is_suspicious, total_completions })).toBe(expected);
  });
});

describe('bulkResultMessage', () => {
  it('uses the partial message only when something failed', () => {
    expect(bulkResultMessage('block', 3, 0)).toEqual({
      key: 'app.users.bulk_block_success',
      values: { n: 3, m: 0 },
    });
    expect(bulkResultMessage('unblock', 2, 1)).toEqual({
      key: 'app.users.bulk_unblock_partial',
      values: { n: 2, m: 1 },
    });
  });
});
