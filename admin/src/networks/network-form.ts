// Rules of the partner-network form (docs/networks.md): a preset fills the form, the operator may
// change any field, and the form turns into the create or edit body of networks.php. Pure, so they
// are tested without a browser. The server checks the whole configuration again and its message is
// shown as sent.
import type {
  AdminNetworkPreset,
  AdminNetworkRow,
  NetworkCreateRequest,
  NetworkSettings,
  NetworkUpdateRequest,
} from '../../../shared/contract/admin/networks';
import { MAPPED_FIELDS, STATUS_LISTS, type PresetChoice } from '../../../shared/networks/vocabulary';

/** Hours the previous secret stays accepted after a rotation (0 = refused at once). */
export const ROTATION_HOURS = ['72', '24', '168', '0'] as const;

/** Why a secret is rotated: a leaked one is refused at once by default (the server's default too). */
export const ROTATION_REASONS = ['routine', 'leak'] as const;
export type RotationReason = (typeof ROTATION_REASONS)[number];

/** The previous secret's window a reason starts with: 3 days for a routine change, none for a leak. */
export const rotationHoursFor = (reason: RotationReason): string => (reason === 'leak' ? '0' : '72');

export interface NetworkFormValues {
  preset: PresetChoice;
  name: string;
  slug: string;
  /** Create: the secret. Edit: a new secret (blank = keep the current one). */
  secret: string;
  /** One address or CIDR range per line. */
  ip_allowlist: string;
  is_active: boolean;
  /** Edit only: how long the previous secret stays accepted after a new one is entered. */
  rotation_hours: string;
  /** Edit only: why the secret is rotated; choosing `leak` sets rotation_hours to 0. */
  rotation_reason: RotationReason;
  settings: NetworkSettings;
  /** The status lists and extra parameters as the operator types them (comma-separated). */
  lists: Record<(typeof STATUS_LISTS)[number] | 'extra_params', string>;
}

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

function pickSettings(source: NetworkSettings): NetworkSettings {
  return clone({
    params: source.params,
    statuses: source.statuses,
    signature: source.signature,
    answers: source.answers,
    macros: source.macros,
    extra_params: source.extra_params,
    param_names_case_insensitive: source.param_names_case_insensitive,
    reversal_id_prefix: source.reversal_id_prefix,
    negative_payout_reverses: source.negative_payout_reverses,
    default_currency: source.default_currency,
    token_param: source.token_param,
  });
}

function listsOf(settings: NetworkSettings): NetworkFormValues['lists'] {
  return {
    approved: settings.statuses.approved.join(', '),
    pending: settings.statuses.pending.join(', '),
    reversed: settings.statuses.reversed.join(', '),
    ignored: settings.statuses.ignored.join(', '),
    extra_params: settings.extra_params.join(', '),
  };
}

/** A slug from a name: lowercase letters and digits, single hyphens between them. */
export function slugify(name: string): string {
  return (
    name
      .toLowerCase()
      .normalize('NFKD')
      // Accents off their letters (ü → u), not turned into hyphens.
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 64)
      .replace(/-+$/, '')
  );
}

/**
 * The create form for a preset (network-presets.php serves `custom` too: the bare defaults). Name,
 * slug and allowlist come from it; `custom` leaves name and slug blank.
 */
export function formFromPreset(preset: AdminNetworkPreset): NetworkFormValues {
  const settings = pickSettings(preset);
  const custom = preset.preset === 'custom';
  return {
    preset: preset.preset,
    name: custom ? '' : preset.label,
    slug: custom ? '' : slugify(preset.preset),
    secret: '',
    ip_allowlist: preset.ip_allowlist.join('\n'),
    is_active: true,
    rotation_hours: '72',
    rotation_reason: 'routine',
    settings,
    lists: listsOf(settings),
  };
}

/**
 * Choosing another preset on the create form: its settings and allowlist; the secret and the active
 * flag stay, and so do a name and slug the operator typed (`typed`), otherwise they follow the preset.
 */
export function applyPreset(
  values: NetworkFormValues,
  preset: AdminNetworkPreset,
  typed: { name: boolean; slug: boolean },
): NetworkFormValues {
  const next = formFromPreset(preset);
  return {
    ...next,
    name: typed.name ? values.name : next.name,
    slug: typed.slug ? values.slug : next.slug,
    secret: values.secret,
    is_active: values.is_active,
  };
}

/** The edit form of a network row; the secret starts blank (it is never sent to the console). */
export function formFromNetwork(network: AdminNetworkRow): NetworkFormValues {
  const settings = pickSettings(network);
  return {
    preset: network.preset,
    name: network.name,
    slug: network.slug,
    secret: '',
    ip_allowlist: network.ip_allowlist.join('\n'),
    is_active: network.is_active,
    rotation_hours: '72',
    rotation_reason: 'routine',
    settings,
    lists: listsOf(settings),
  };
}

/** Lines or commas to a list: trimmed, blanks dropped. */
export function splitList(text: string, separator: RegExp = /[\n,]/): string[] {
  return text
    .split(separator)
    .map((s) => s.trim())
    .filter(Boolean);
}

export type NetworkFieldErrors = Partial<Record<'name' | 'slug' | 'secret', string>>;

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** What the form checks before sending (the server checks everything); values are i18n keys. */
export function validateNetwork(values: NetworkFormValues, mode: 'create' | 'edit'): NetworkFieldErrors {
  const errors: NetworkFieldErrors = {};
  if (!values.name.trim()) errors.name = 'app.networks.form.errors.name';
  if (mode === 'create') {
    if (!SLUG.test(values.slug) || values.slug.length > 64) errors.slug = 'app.networks.form.errors.slug';
    const signed = values.settings.signature.algorithm !== 'none';
    if ((signed || values.settings.token_param) && !values.secret.trim())
      errors.secret = 'app.networks.form.errors.secret';
  }
  return errors;
}

/** The settings with the typed lists applied and blank optional texts sent as null. */
export function settingsOf(values: NetworkFormValues): NetworkSettings {
  const s = clone(values.settings);
  for (const list of STATUS_LISTS) s.statuses[list] = splitList(values.lists[list], /,/);
  s.extra_params = splitList(values.lists.extra_params, /,/);
  for (const field of MAPPED_FIELDS) {
    const v = s.params[field]?.trim() ?? '';
    if (field === 'transactionId') s.params.transactionId = v;
    else s.params[field] = v || null;
  }
  const blankToNull = (v: string | null) => (v?.trim() ? v.trim() : null);
  s.signature.template = s.signature.template?.trim() ? s.signature.template : null;
  s.signature.name = blankToNull(s.signature.name);
  s.token_param = blankToNull(s.token_param);
  s.default_currency = blankToNull(s.default_currency);
  s.reversal_id_prefix = blankToNull(s.reversal_id_prefix);
  return s;
}

/** POST networks.php. */
export function toCreateRequest(values: NetworkFormValues): NetworkCreateRequest {
  return {
    name: values.name.trim(),
    slug: values.slug.trim(),
    preset: values.preset,
    secret: values.secret,
    ip_allowlist: splitList(values.ip_allowlist),
    is_active: values.is_active,
    ...settingsOf(values),
  };
}

/** PUT networks.php without network_id (the data provider adds it); a new secret rotates the old one. */
export function toUpdateRequest(values: NetworkFormValues): Omit<NetworkUpdateRequest, 'network_id'> {
  return {
    name: values.name.trim(),
    preset: values.preset,
    ip_allowlist: splitList(values.ip_allowlist),
    is_active: values.is_active,
    ...settingsOf(values),
    ...(values.secret
      ? {
          secret: values.secret,
          rotation_hours: Number(values.rotation_hours),
          rotation_reason: values.rotation_reason,
        }
      : {}),
  };
}
