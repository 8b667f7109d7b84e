import { describe, expect, it, vi } from 'vitest';
import { createDataProvider } from './data-provider';
import type { HttpClient, HttpRequestOptions } from './http-client';

const API = 'http://test/api/admin';

/** A stub HTTP client: records each call and answers with what the test queued. */
function stubClient(
  answer: (url: string, options?: HttpRequestOptions) => unknown = () => ({ success: true }),
) {
  const calls: { url: string; options?: HttpRequestOptions }[] = [];
  const client = vi.fn(async (url: string, options?: HttpRequestOptions) => {
    calls.push({ url, options });
    const json = answer(url, options);
    if (json instanceof Error) throw json;
    return { status: 200, json };
  }) as unknown as HttpClient;
  return { client, calls };
}

const list = (key: string, rows: unknown[], total = rows.length, extra: Record<string, unknown> = {}) => ({
  success: true,
  [key]: rows,
  pagination: { page: 1, limit: 20, total, totalPages: Math.ceil(total / 20) },
  ...extra,
});

const page = (p = 1, perPage = 20) => ({ page: p, perPage });

describe('getList: page, limit, sort and the exact filter names of the admin API', () => {
  const cases: [string, Record<string, unknown>, { field: string; order: 'ASC' | 'DESC' }, string][] = [
    [
      'users',
      {
        search: 'asha',
        dateRange: 'week',
        performanceFilter: 'high_performers',
        referralFilter: 'top_referrers',
        voucherFilter: 'multiple_vouchers',
      },
      { field: 'registration_date', order: 'DESC' },
      '/users.php?page=1&limit=20&sortBy=registration_date&sortOrder=desc&search=asha&dateRange=week&performanceFilter=high_performers&referralFilter=top_referrers&voucherFilter=multiple_vouchers',
    ],
    [
      'offers',
      { search: 'bank', status: 'active', category: 'Finance', model: 'CPA', dateRange: 'month' },
      { field: 'total_completions', order: 'DESC' },
      '/offers.php?page=1&limit=20&sortBy=total_completions&sortOrder=desc&search=bank&status=active&category=Finance&model=CPA&dateRange=month',
    ],
    [
      'vouchers',
      {
        search: 'AMZ',
        status: 'available',
        brand: 'Amazon',
        voucher_type: 'Gift Card',
        amount_range: '0-50',
        expiry_filter: 'expiring_soon',
        assignment_filter: 'offer_rewards',
      },
      { field: 'expiry_date', order: 'ASC' },
      '/vouchers.php?page=1&limit=20&sortBy=expiry_date&sortOrder=asc&search=AMZ&status=available&brand=Amazon&voucher_type=Gift+Card&amount_range=0-50&expiry_filter=expiring_soon&assignment_filter=offer_rewards',
    ],
    [
      'referrals',
      { search: 'ravi', status: 'successful', dateRange: 'today' },
      { field: 'registration_date', order: 'DESC' },
      '/referrals.php?page=1&limit=20&sortBy=registration_date&search=ravi&status=successful&dateRange=today',
    ],
    [
      'conversions',
      {
        search: 'x',
        offer: '3',
        dateRange: 'week',
        voucherFilter: 'won',
        userTypeFilter: 'firebase',
        referralFilter: 'first_completions',
        status: 'reversed',
      },
      { field: 'payout_amount', order: 'ASC' },
      '/conversions.php?page=1&limit=20&sortBy=payout_amount&sortOrder=asc&search=x&offer=3&dateRange=week&voucherFilter=won&userTypeFilter=firebase&referralFilter=first_completions&status=reversed',
    ],
    [
      'networks',
      { search: 'cpx', status: 'active' },
      { field: 'name', order: 'ASC' },
      '/networks.php?page=1&limit=20&sortBy=name&sortOrder=asc&search=cpx&status=active',
    ],
    [
      'postbacks',
      {
        search: 'tx-1',
        network_id: 2,
        outcome: 'bad_signature',
        result: 'refused',
        status: '1',
        date_from: '2026-01-01',
        date_to: '2026-01-31',
      },
      { field: 'created_at', order: 'DESC' },
      '/postbacks.php?page=1&limit=20&sortBy=created_at&sortOrder=desc&search=tx-1&network_id=2&outcome=bad_signature&result=refused&status=1&date_from=2026-01-01&date_to=2026-01-31',
    ],
    [
      'clicks',
      {
        search: 'clk_1',
        dateRange: 'quarter',
        offer: '9',
        conversionStatus: 'voucher_won',
        userType: 'email',
      },
      { field: 'completed_at', order: 'DESC' },
      '/offer-clicks.php?page=1&limit=20&sortBy=completed_at&search=clk_1&dateRange=quarter&offer=9&conversionStatus=voucher_won&userType=email',
    ],
    ['audit-log', {}, { field: 'id', order: 'DESC' }, '/audit-log.php?page=1&limit=20'],
  ];

  it.each(cases)('%s', async (resource, filter, sort, path) => {
    const { client, calls } = stubClient(() => list('x', []));
    await createDataProvider(client, API).getList(resource, { pagination: page(), sort, filter });
    expect(calls).toEqual([{ url: API + path, options: undefined }]);
  });

  it("conversions: status 'both' is sent as the API's all", async () => {
    const { client, calls } = stubClient(() => list('conversions', []));
    await createDataProvider(client, API).getList('conversions', {
      pagination: page(),
      sort: { field: 'completed_at', order: 'DESC' },
      filter: { status: 'both' },
    });
    expect(calls[0].url).toContain('&status=all');
  });

  it('sends the page asked for and the limit of 20', async () => {
    const { client, calls } = stubClient(() => list('users', []));
    await createDataProvider(client, API).getList('users', {
      pagination: page(3),
      sort: { field: 'first_name', order: 'ASC' },
      filter: {},
    });
    expect(calls[0].url).toBe(`${API}/users.php?page=3&limit=20&sortBy=first_name&sortOrder=asc`);
  });

  it("leaves out empty, blank and 'all' filters, trims searches, ignores names the API does not know", async () => {
    const { client, calls } = stubClient(() => list('vouchers', []));
    await createDataProvider(client, API).getList('vouchers', {
      pagination: page(),
      sort: { field: 'created_at', order: 'DESC' },
      filter: {
        search: '  ',
        status: 'all',
        brand: '',
        expiry_filter: undefined,
        q: 'nope',
        voucher_code: ' X1 ',
      },
    });
    expect(calls[0].url).toBe(`${API}/vouchers.php?page=1&limit=20&sortBy=created_at&sortOrder=desc`);
  });

  it('maps ids, pagination.total and passes summaries on as meta', async () => {
    const summary = {
      total_users: 2,
      active_users: 1,
      firebase_users: 2,
      total_referrals: 0,
      flagged_users: 1,
    };
    const { client } = stubClient(() => list('users', [{ user_id: 7, email: 'a@x' }], 41, { summary }));
    const result = await createDataProvider(client, API).getList('users', {
      pagination: page(),
      sort: { field: 'registration_date', order: 'DESC' },
      filter: {},
    });
    expect(result.data).toEqual([{ user_id: 7, email: 'a@x', id: 7 }]);
    expect(result.total).toBe(41);
    expect(result.meta).toEqual({ summary });
  });

  it.each([
    ['offers', 'offer_id'],
    ['vouchers', 'voucher_id'],
    ['referrals', 'referral_id'],
    ['conversions', 'completion_id'],
    ['clicks', 'click_id'],
    ['audit-log', 'id'],
  ])('%s rows take their id from %s', async (resource, idField) => {
    const key = {
      offers: 'offers',
      vouchers: 'vouchers',
      referrals: 'referrals',
      conversions: 'conversions',
      clicks: 'clicks',
      'audit-log': 'entries',
    }[resource]!;
    const { client } = stubClient(() => list(key, [{ [idField]: 'k1' }]));
    const result = await createDataProvider(client, API).getList(resource, {
      pagination: page(),
      sort: { field: 'id', order: 'DESC' },
      filter: {},
    });
    expect(result.data[0].id).toBe('k1');
  });

  it('reads a large export in pages of 100 until the total is reached', async () => {
    const rows = (from: number, n: number) => Array.from({ length: n }, (_, i) => ({ offer_id: from + i }));
    const { client, calls } = stubClient((url) =>
      url.includes('page=1&') ? list('offers', rows(1, 100), 150) : list('offers', rows(101, 50), 150),
    );
    const result = await createDataProvider(client, API).getList('offers', {
      pagination: page(1, 1000),
      sort: { field: 'created_at', order: 'DESC' },
      filter: { status: 'active' },
    });
    expect(calls.map((c) => c.url)).toEqual([
      `${API}/offers.php?page=1&limit=100&sortBy=created_at&sortOrder=desc&status=active`,
      `${API}/offers.php?page=2&limit=100&sortBy=created_at&sortOrder=desc&status=active`,
    ]);
    expect(result.data).toHaveLength(150);
    expect(result.total).toBe(150);
  });
});

describe('update', () => {
  it("users: block is {user_id, action:'flag'}, unblock {user_id, action:'unflag'}", async () => {
    const { client, calls } = stubClient();
    const dp = createDataProvider(client, API);
    await dp.update('users', { id: 5, data: { is_suspicious: true }, previousData: { id: 5 } });
    await dp.update('users', { id: 6, data: { is_suspicious: false }, previousData: { id: 6 } });
    expect(calls).toEqual([
      { url: `${API}/users.php`, options: { method: 'PUT', body: { user_id: 5, action: 'flag' } } },
      { url: `${API}/users.php`, options: { method: 'PUT', body: { user_id: 6, action: 'unflag' } } },
    ]);
  });

  it('offers: the toggle sends only {offer_id, is_active}', async () => {
    const { client, calls } = stubClient();
    const result = await createDataProvider(client, API).update('offers', {
      id: 3,
      data: { is_active: false },
      previousData: { id: 3, title: 'T', is_active: true },
    });
    expect(calls[0]).toEqual({
      url: `${API}/offers.php`,
      options: { method: 'PUT', body: { offer_id: 3, is_active: false } },
    });
    expect(result.data).toEqual({ id: 3, title: 'T', is_active: false });
  });

  it('offers: the edit sends the section 7 edit body without external_offer_id', async () => {
    const { client, calls } = stubClient();
    const slot_config = { reels: [{ amount: 5, probability: 15 }] };
    await createDataProvider(client, API).update('offers', {
      id: 3,
      data: {
        title: 'T',
        description: 'D',
        offer_url: 'https://x.test/o',
        preview_url: null,
        external_offer_id: 'should_not_go',
        category: null,
        model: 'CPR',
        targeting: 'ALL',
        reward_amount: 12,
        slot_config,
      },
      previousData: { id: 3 },
    });
    expect(calls[0].options).toEqual({
      method: 'PUT',
      body: {
        offer_id: 3,
        title: 'T',
        description: 'D',
        offer_url: 'https://x.test/o',
        preview_url: null,
        category: null,
        model: 'CPR',
        targeting: 'ALL',
        reward_amount: 12,
        slot_config,
        network_id: null,
      },
    });
  });

  it('offers: the edit sends the chosen network', async () => {
    const { client, calls } = stubClient();
    await createDataProvider(client, API).update('offers', {
      id: 3,
      data: { title: 'T', network_id: 4 },
      previousData: { id: 3 },
    });
    expect(calls[0].options?.body).toMatchObject({ offer_id: 3, title: 'T', network_id: 4 });
  });

  it('networks: PUT networks.php with {network_id, ...the changed fields}', async () => {
    const { client, calls } = stubClient();
    const dp = createDataProvider(client, API);
    await dp.update('networks', { id: 7, data: { is_active: false }, previousData: { id: 7 } });
    await dp.update('networks', {
      id: 7,
      data: { id: 7, network_id: 7, name: 'CPX', secret: 'new-secret', rotation_hours: 24 },
      previousData: { id: 7 },
    });
    expect(calls).toEqual([
      { url: `${API}/networks.php`, options: { method: 'PUT', body: { network_id: 7, is_active: false } } },
      {
        url: `${API}/networks.php`,
        options: {
          method: 'PUT',
          body: { network_id: 7, name: 'CPX', secret: 'new-secret', rotation_hours: 24 },
        },
      },
    ]);
  });

  it('networks: POST networks.php and the new id from network_id', async () => {
    const { client, calls } = stubClient(() => ({ success: true, network_id: 12 }));
    const data = { name: 'CPX', slug: 'cpx', preset: 'cpx', secret: 's', ip_allowlist: [] };
    const result = await createDataProvider(client, API).create('networks', { data });
    expect(calls[0]).toEqual({ url: `${API}/networks.php`, options: { method: 'POST', body: data } });
    expect(result.data.id).toBe(12);
  });

  it('postbacks cannot be changed through update (Replay is its own call)', async () => {
    const { client } = stubClient();
    await expect(
      createDataProvider(client, API).update('postbacks', { id: 1, data: {}, previousData: { id: 1 } }),
    ).rejects.toMatchObject({ status: 405 });
  });

  it("vouchers: {voucher_id, status: 'expired' | 'available'}", async () => {
    const { client, calls } = stubClient();
    const dp = createDataProvider(client, API);
    await dp.update('vouchers', { id: 9, data: { status: 'expired' }, previousData: { id: 9 } });
    await dp.update('vouchers', { id: 9, data: { status: 'available' }, previousData: { id: 9 } });
    expect(calls.map((c) => c.options?.body)).toEqual([
      { voucher_id: 9, status: 'expired' },
      { voucher_id: 9, status: 'available' },
    ]);
  });

  it('refuses to change read-only resources', async () => {
    const { client, calls } = stubClient();
    await expect(
      createDataProvider(client, API).update('clicks', { id: 1, data: {}, previousData: { id: 1 } }),
    ).rejects.toThrow();
    expect(calls).toHaveLength(0);
  });
});

describe('updateMany: bulk block / unblock, one PUT per user in parallel', () => {
  it('sends every call before any answer arrives and reports the ids that succeeded', async () => {
    const pending: (() => void)[] = [];
    const bodies: unknown[] = [];
    const client = (async (_url: string, options?: HttpRequestOptions) => {
      bodies.push(options?.body);
      await new Promise<void>((resolve) => pending.push(resolve));
      return { status: 200, json: { success: true } };
    }) as HttpClient;
    const promise = createDataProvider(client, API).updateMany('users', {
      ids: [1, 2, 3],
      data: { is_suspicious: true },
    });
    await Promise.resolve();
    expect(bodies).toEqual([
      { user_id: 1, action: 'flag' },
      { user_id: 2, action: 'flag' },
      { user_id: 3, action: 'flag' },
    ]);
    pending.forEach((resolve) => resolve());
    await expect(promise).resolves.toEqual({ data: [1, 2, 3], meta: { failed: [] } });
  });

  it('reports the failures next to the successes', async () => {
    const { client } = stubClient((_url, o) =>
      (o?.body as { user_id: number }).user_id === 2 ? new Error('nope') : { success: true },
    );
    const result = await createDataProvider(client, API).updateMany('users', {
      ids: [1, 2, 3],
      data: { is_suspicious: false },
    });
    expect(result).toEqual({ data: [1, 3], meta: { failed: [2] } });
  });

  it("rejects with 'All bulk actions failed' when none succeeded", async () => {
    const { client } = stubClient(() => new Error('nope'));
    await expect(
      createDataProvider(client, API).updateMany('users', { ids: [1, 2], data: { is_suspicious: true } }),
    ).rejects.toThrow('All bulk actions failed');
  });
});

describe('create', () => {
  it('offers: POST offers.php with the OfferCreateRequest body', async () => {
    const { client, calls } = stubClient(() => ({ success: true, offer_id: 44 }));
    const body = {
      title: 'Bank',
      description: 'Open an account',
      offer_url: 'https://x.test',
      preview_url: null,
      external_offer_id: 'bank_1234',
      category: 'Finance',
      model: 'CPA',
      targeting: 'ALL',
      reward_amount: 0,
      slot_config: { reels: [{ amount: 5, probability: 15 }] },
      is_active: true,
    };
    const result = await createDataProvider(client, API).create('offers', { data: body });
    expect(calls).toEqual([{ url: `${API}/offers.php`, options: { method: 'POST', body } }]);
    expect(result.data.id).toBe(44);
  });

  it('vouchers: POST vouchers.php and returns created and duplicates', async () => {
    const { client, calls } = stubClient(() => ({ success: true, created: 2, duplicates: ['DUP'] }));
    const body = {
      voucher_type: 'Gift Card',
      voucher_brand: 'Amazon',
      voucher_amount: 50,
      voucher_codes: ['A', 'B', 'DUP'],
      voucher_description: '',
      voucher_terms: '',
      expiry_date: '2031-01-31',
    };
    const result = await createDataProvider(client, API).create('vouchers', { data: body });
    expect(calls).toEqual([{ url: `${API}/vouchers.php`, options: { method: 'POST', body } }]);
    expect(result.data).toMatchObject({ created: 2, duplicates: ['DUP'] });
  });
});

describe('getOne', () => {
  it('walks the list call (section 7 has no single-record call) until it finds the id', async () => {
    const { client, calls } = stubClient((url) =>
      url.includes('page=1&')
        ? {
            success: true,
            vouchers: [{ voucher_id: 1 }],
            pagination: { page: 1, limit: 100, total: 2, totalPages: 2 },
          }
        : {
            success: true,
            vouchers: [{ voucher_id: 2, voucher_code: 'B' }],
            pagination: { page: 2, limit: 100, total: 2, totalPages: 2 },
          },
    );
    const result = await createDataProvider(client, API).getOne('vouchers', { id: 2 });
    expect(calls.map((c) => c.url)).toEqual([
      `${API}/vouchers.php?page=1&limit=100`,
      `${API}/vouchers.php?page=2&limit=100`,
    ]);
    expect(result.data).toEqual({ voucher_id: 2, voucher_code: 'B', id: 2 });
  });

  it('getTimeline and getClick read timeline.php and click.php (issue 36)', async () => {
    const { client, calls } = stubClient((url) =>
      url.includes('/click.php')
        ? { success: true, click: { click_id: 'abc' } }
        : { success: true, items: [], pagination: { page: 2, limit: 20, total: 0, totalPages: 0 } },
    );
    const provider = createDataProvider(client, API);
    await provider.getTimeline({
      subject: 'member',
      id: 5,
      page: 2,
      limit: 20,
      kinds: ['claim', 'reversal'],
    });
    await provider.getTimeline({ subject: 'member', id: 5, page: 1, limit: 20, offer: 7 });
    expect((await provider.getClick('a/b')).click_id).toBe('abc');
    expect(calls.map((c) => c.url)).toEqual([
      `${API}/timeline.php?subject=member&id=5&page=2&limit=20&kinds=claim%2Creversal`,
      `${API}/timeline.php?subject=member&id=5&page=1&limit=20&offer=7`,
      `${API}/click.php?click_id=a%2Fb`,
    ]);
  });

  it('members, offers, claims and postbacks: one read with their id filter (their pages, issue 36)', async () => {
    const { client, calls } = stubClient(() => list('users', [{ user_id: 5, email: 'a@b.c' }]));
    const result = await createDataProvider(client, API).getOne('users', { id: 5 });
    expect(calls.map((c) => c.url)).toEqual([`${API}/users.php?page=1&limit=1&user_id=5`]);
    expect(result.data).toEqual({ user_id: 5, email: 'a@b.c', id: 5 });
  });
});

describe('getOne', () => {
  it('networks: one read with the id filter', async () => {
    const { client, calls } = stubClient(() => list('networks', [{ network_id: 4, name: 'CPX' }]));
    const result = await createDataProvider(client, API).getOne('networks', { id: 4 });
    expect(calls.map((c) => c.url)).toEqual([`${API}/networks.php?page=1&limit=1&id=4`]);
    expect(result.data).toEqual({ network_id: 4, name: 'CPX', id: 4 });
  });

  it('networks: 404 when the id is not there', async () => {
    const { client } = stubClient(() => list('networks', []));
    await expect(createDataProvider(client, API).getOne('networks', { id: 4 })).rejects.toMatchObject({
      status: 404,
    });
  });
});

describe('partner networks: presets, test postback, replay', () => {
  it('reads GET network-presets.php', async () => {
    const presets = [{ preset: 'cpx', label: 'CPX Research' }];
    const { client, calls } = stubClient(() => ({ success: true, presets }));
    await expect(createDataProvider(client, API).getNetworkPresets()).resolves.toEqual(presets);
    expect(calls[0].url).toBe(`${API}/network-presets.php`);
  });

  it('POST network-test.php leaves blank fields to the server', async () => {
    const answer = {
      success: true,
      request: { method: 'GET', url: '/api/postback/cpx?x', headers: {} },
      outcome: 'accepted',
      http_status: 200,
      body: 'ok',
      detail: 'Would credit',
    };
    const { client, calls } = stubClient(() => answer);
    const dp = createDataProvider(client, API);
    await expect(
      dp.testNetworkPostback({ network_id: 3, click_id: '  ', status: 'approved', transaction_id: '' }),
    ).resolves.toMatchObject({ outcome: 'accepted', detail: 'Would credit' });
    await dp.testNetworkPostback({ network_id: 3, click_id: ' abc ', status: 'reversed', payout: 1.5 });
    expect(calls.map((c) => c.options)).toEqual([
      { method: 'POST', body: { network_id: 3, status: 'approved' } },
      { method: 'POST', body: { network_id: 3, status: 'reversed', click_id: 'abc', payout: 1.5 } },
    ]);
    expect(calls[0].url).toBe(`${API}/network-test.php`);
  });

  it("POST postbacks.php {postback_id, action: 'replay'}", async () => {
    const { client, calls } = stubClient(() => ({
      success: true,
      outcome: 'accepted',
      http_status: 200,
      detail: 'Credited',
    }));
    await expect(createDataProvider(client, API).replayPostback(8)).resolves.toMatchObject({
      outcome: 'accepted',
    });
    expect(calls).toEqual([
      {
        url: `${API}/postbacks.php`,
        options: { method: 'POST', body: { postback_id: 8, action: 'replay' } },
      },
    ]);
  });
});

describe('getDashboard', () => {
  it('reads GET dashboard.php', async () => {
    const { client, calls } = stubClient(() => ({ success: true, stats: {} }));
    await expect(createDataProvider(client, API).getDashboard()).resolves.toEqual({
      success: true,
      stats: {},
    });
    expect(calls).toEqual([{ url: `${API}/dashboard.php`, options: undefined }]);
  });

  it('marks a background read as such for the http client', async () => {
    const { client, calls } = stubClient(() => ({ success: true, stats: {} }));
    await createDataProvider(client, API).getDashboard({ background: true });
    expect(calls).toEqual([{ url: `${API}/dashboard.php`, options: { background: true } }]);
  });

  it("asks for the chart's range in days", async () => {
    const { client, calls } = stubClient(() => ({ success: true, stats: {} }));
    await createDataProvider(client, API).getDashboard({ days: '90' });
    await createDataProvider(client, API).getDashboard({ background: true, days: '7' });
    expect(calls).toEqual([
      { url: `${API}/dashboard.php?days=90`, options: undefined },
      { url: `${API}/dashboard.php?days=7`, options: { background: true } },
    ]);
  });
});
