// The audit log in words: what happened as a sentence, the fields that changed, and where the
// target lives in the console.
import type { AuditLogRow } from '../../../shared/contract/admin/audit-log';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** One changed field: its name and the value before and after ('—' when absent). */
export interface FieldChange {
  field: string;
  before: string;
  after: string;
}

const show = (v: unknown) =>
  v === undefined || v === null ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v);

/**
 * A key whose value is a secret (a network's secret, a token, a password, a signing key): shown as
 * '•••' whatever was stored. Hints (secret_hint: the last characters) and the word 'rotated' stay.
 */
const SECRET_KEY = /(^|[._])(secret|token|password|api_?key|signing_?key)$/i;
export const MASK = '•••';
function masked(field: string, value: unknown): unknown {
  return SECRET_KEY.test(field) && value !== undefined && value !== null && value !== 'rotated'
    ? MASK
    : value;
}

/**
 * An object's fields one by one, nested objects opened into dotted names ('params.payout',
 * 'statuses.approved'): a network's settings read field by field instead of a screen of JSON (issue
 * 36). Arrays stay whole values ('ip_allowlist: 1.2.3.4, 5.6.7.8').
 */
function flatten(value: unknown, prefix = '', out: Record<string, unknown> = {}): Record<string, unknown> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    if (prefix) out[prefix] = value;
    return out;
  }
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    const name = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length > 0) flatten(v, name, out);
    else out[name] = v;
  }
  return out;
}

const showValue = (field: string, v: unknown) => {
  const m = masked(field, v);
  return Array.isArray(m) ? (m.length ? m.map((x) => show(x)).join(', ') : '—') : show(m);
};

/**
 * The fields whose value differs between before and after, in the order they first appear; nested
 * settings by their dotted names, secrets masked.
 */
export function fieldChanges(before: unknown, after: unknown): FieldChange[] {
  const b = flatten(before && typeof before === 'object' ? before : {});
  const a = flatten(after && typeof after === 'object' ? after : {});
  return (
    [...new Set([...Object.keys(b), ...Object.keys(a)])]
      // The administrator's reason is said in the sentence (auditSentence), not as a changed field.
      .filter((k) => k !== 'reason' && JSON.stringify(b[k]) !== JSON.stringify(a[k]))
      .map((field) => ({ field, before: showValue(field, b[field]), after: showValue(field, a[field]) }))
  );
}

/** The target as it is named in a sentence: 'Priya Sharma (id 12)', or 'id 12' without a name. */
export function targetName(entry: Pick<AuditLogRow, 'target_id' | 'target_label'>, t: Translate): string {
  return entry.target_label
    ? t('app.audit.target_named', { label: entry.target_label, id: entry.target_id })
    : t('app.audit.target_id', { id: entry.target_id });
}

/**
 * The entry as a sentence, e.g. 'admin blocked user Priya Sharma (id 12)'; an action the console does
 * not know yet reads 'admin: some.action on type id 3'.
 */
export function auditSentence(entry: AuditLogRow, t: Translate): string {
  // A refused sign-in says why (admin.sign_in_failed: wrong password, unknown username, inactive).
  const result = (entry.after as { result?: unknown } | null)?.result;
  const options = {
    admin: entry.admin_username,
    target: targetName(entry, t),
    type: entry.target_type,
    action: entry.action,
    result: typeof result === 'string' ? t(`app.audit.sign_in_results.${result}`, { _: result }) : '',
  };
  const key = `app.audit.sentences.${entry.action}`;
  const translated = t(key, { ...options, _: '' });
  const sentence = translated && translated !== key ? translated : t('app.audit.sentences.other', options);
  // The reason the console asked for (issue 36): a block's, an unblock's, an (de)activation's.
  const reason = (entry.after as { reason?: unknown } | null)?.reason;
  return typeof reason === 'string' && reason ? t('app.audit.with_reason', { sentence, reason }) : sentence;
}

/** Filter of the list a target opens in (react-admin's `?filter=` query), by target type. */
function listFilter(path: string, filter: Record<string, unknown>): string {
  return `${path}?filter=${encodeURIComponent(JSON.stringify(filter))}`;
}

/**
 * Where the entry's target can be seen, relative to the console's base path, or null when it has
 * no page of its own.
 */
export function targetPath(entry: AuditLogRow): string | null {
  const after = (entry.after && typeof entry.after === 'object' ? entry.after : {}) as Record<
    string,
    unknown
  >;
  switch (entry.target_type) {
    // Issue 36: members, offers, networks, postbacks and claims have pages of their own.
    case 'user':
      return /^\d+$/.test(entry.target_id) ? `/users/${entry.target_id}/show` : '/users';
    case 'offer':
      return /^\d+$/.test(entry.target_id) ? `/offers/${entry.target_id}/show` : '/offers';
    case 'voucher':
      return entry.target_label ? listFilter('/vouchers', { search: entry.target_label }) : '/vouchers';
    case 'voucher_batch':
      return typeof after.voucher_brand === 'string'
        ? listFilter('/vouchers', { search: after.voucher_brand })
        : '/vouchers';
    case 'network':
      return /^\d+$/.test(entry.target_id) ? `/networks/${entry.target_id}/show` : '/networks';
    case 'postback':
      return /^\d+$/.test(entry.target_id) ? `/postbacks/${entry.target_id}/show` : '/postbacks';
    case 'claim':
      return /^\d+$/.test(entry.target_id) ? `/claims/${entry.target_id}/show` : '/claims';
    case 'referral':
      return '/referrals';
    default:
      return null;
  }
}
