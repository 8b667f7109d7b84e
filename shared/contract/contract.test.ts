// The contract's promises to its users: the browser apps take only its types and the plain paths
// module (so no zod reaches their bundles), and every endpoint is declared once, at its own path.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as member from './member';
import * as fairPlay from './fair-play';
import * as privacy from './privacy';
import * as push from './push';
import * as startedOffers from './started-offers';
import * as brands from './brands';
import * as system from './system';
import * as postback from './postback';
import * as adminAuth from './admin/auth';
import * as dashboard from './admin/dashboard';
import * as users from './admin/users';
import * as offers from './admin/offers';
import * as vouchers from './admin/vouchers';
import * as referrals from './admin/referrals';
import * as conversions from './admin/conversions';
import * as clicks from './admin/clicks';
import * as auditLog from './admin/audit-log';
import * as networks from './admin/networks';
import * as postbacks from './admin/postbacks';
import * as claims from './admin/claims';
import * as attention from './admin/attention';
import * as records from './admin/records';
import * as reviews from './admin/reviews';
import * as adminPush from './admin/push';
import * as paths from './paths';

const root = path.resolve(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });
}

/**
 * Imports of shared/contract/ that bring values, not types only, other than its two zod-free modules and
 * the admin forms' schemas (zod/mini, run jitless in the console: docs/decisions/admin-writes-in-contract.md).
 */
function valueImportsOfContract(text: string): string[] {
  return [...text.matchAll(/import\s+(type\s+)?[^;]*?from\s+'([^']*shared\/contract\/[^']*)'/g)]
    .filter(
      (m) =>
        !m[1] &&
        !/\/(paths|form-messages|admin\/offer-form|admin\/voucher-form|admin\/network-form|admin\/form-fields)$/.test(
          m[2]!,
        ),
    )
    .map((m) => m[0]);
}

const areas = [
  member,
  fairPlay,
  privacy,
  push,
  startedOffers,
  brands,
  system,
  postback,
  adminAuth,
  dashboard,
  users,
  offers,
  vouchers,
  referrals,
  conversions,
  clicks,
  auditLog,
  networks,
  postbacks,
  claims,
  attention,
  records,
  reviews,
  adminPush,
];
const endpoints = areas.flatMap((area) =>
  Object.values(area).filter(
    (v): v is { method: string | string[]; url: string; schema: object } =>
      typeof v === 'object' && v !== null && 'url' in v && 'schema' in v,
  ),
);

describe('the API contract', () => {
  it('is imported by the member app and the console as types only (paths, form messages and the forms’ schemas aside)', () => {
    const files = [
      ...sourceFiles(path.join(root, 'member/src')),
      ...sourceFiles(path.join(root, 'admin/src')),
    ];
    expect(files.length).toBeGreaterThan(50);
    const found = files.flatMap((file) =>
      valueImportsOfContract(readFileSync(file, 'utf8')).map((i) => `${path.relative(root, file)}: ${i}`),
    );
    expect(found).toEqual([]);
  });

  it('tells a value import from a type import', () => {
    const text = [
      "import type { OffersResponse } from '../../shared/contract/member';",
      "import { USER_STATS_PATH } from '../../shared/contract/paths';",
      "import { slotSpin } from '../../shared/contract/member';",
    ].join('\n');
    expect(valueImportsOfContract(text)).toEqual(["import { slotSpin } from '../../shared/contract/member'"]);
  });

  it('declares each method and path once, and every path of the paths module', () => {
    const keys = endpoints.flatMap((e) => [e.method].flat().map((m) => `${m} ${e.url}`));
    expect(new Set(keys).size).toBe(keys.length);
    const urls = new Set(endpoints.map((e) => e.url));
    const expected = [
      ...Object.entries(paths)
        .filter(([name]) => name.endsWith('_PATH'))
        .map(([name, p]) => `${name.startsWith('ADMIN_') ? paths.ADMIN_API_BASE : paths.API_BASE}${p}`),
      // The partner networks' receiver: one path per network, named by its slug.
      `${paths.API_BASE}${paths.NETWORK_POSTBACK_PATH_PREFIX}:slug`,
    ];
    // 27 before claims (member and admin) and the needs-attention call; 33 with the referral-code check
    // and the console's record timeline and click detail; 36 with the review queue, a member's risk
    // and the hold policy (issue 33); 44 with the rules, the operator, eligibility, terms acceptance
    // and the daily free spin, and the privacy centre's export, name and deletion (issue 37); 49 with
    // Web Push's settings, subscribe, unsubscribe and presence, and the console's push summary (issue 38);
    // 52 with the started offers, the brands and their settings (issue 35).
    expect(expected).toHaveLength(52);
    expect([...urls].sort()).toEqual(expected.sort());
  });
});
