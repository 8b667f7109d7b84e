// The partner-network forms (docs/networks.md): the bodies of POST and PUT /api/admin/networks.php, one
// set of rules for the server and the console (admin/src/networks/network-form.ts checks a body with
// them before it sends it). The fields' shapes are checked here; the whole configuration (a preset's
// values merged with the fields) is checked by networkConfigSchema on the server, which also refuses
// weak configurations (shared/networks/config.ts).
import { z } from 'zod';
import { PRESET_CHOICES } from '../../networks/vocabulary';
import { parseNetworkConfig, weakConfigurationProblems } from '../../networks/config';
import { formSchema } from './form-fields';

/** Wire names of the settings an operator may send, and the configuration's name for each. */
export const NETWORK_FIELDS = {
  name: 'name',
  preset: 'preset',
  secret: 'secret',
  ip_allowlist: 'ipAllowlist',
  is_active: 'isActive',
  params: 'params',
  statuses: 'statuses',
  signature: 'signature',
  answers: 'answers',
  macros: 'macros',
  extra_params: 'extraParams',
  param_names_case_insensitive: 'paramNamesCaseInsensitive',
  reversal_id_prefix: 'reversalIdPrefix',
  negative_payout_reverses: 'negativePayoutReverses',
  default_currency: 'defaultCurrency',
  token_param: 'tokenParam',
  click_id_in_sub_id: 'clickIdInSubId',
} as const;
export type NetworkWireField = keyof typeof NETWORK_FIELDS;

/**
 * The list row's figures and derived fields: an edit that sends the row back (react-admin sends the
 * record) may carry them; they are not settings and are left as they are.
 */
export const NETWORK_READ_ONLY_FIELDS = [
  'id',
  'secret_hint',
  'previous_secret_valid_until',
  'postback_url',
  'offers_count',
  'last_postback_at',
  'postbacks_24h',
  'created_at',
  'updated_at',
] as const;

/** Hours a rotated-out secret stays accepted when the edit does not say. */
export const DEFAULT_ROTATION_HOURS = 72;
export const MAX_ROTATION_HOURS = 24 * 90;
/** Why a secret is rotated: `leak` ends the previous secret at once unless the edit says otherwise. */
export const ROTATION_REASONS = ['routine', 'leak'] as const;

const flag = (field: string) => z.boolean({ error: `${field} must be true or false` }).optional();

/** The settings' fields: their JSON types here, their values against the whole configuration later. */
const settingsShape = {
  name: z.unknown().optional(),
  secret: z
    .string({ error: 'secret must be text' })
    .transform((s) => s.trim())
    .optional(),
  ip_allowlist: z
    .array(z.unknown(), { error: 'ip_allowlist must be a list of addresses or CIDR ranges' })
    .transform((list) => list.map((v) => (typeof v === 'string' ? v.trim() : v)))
    .optional(),
  is_active: flag('is_active'),
  params: z.unknown().optional(),
  statuses: z.unknown().optional(),
  signature: z.unknown().optional(),
  answers: z.unknown().optional(),
  macros: z.unknown().optional(),
  extra_params: z.unknown().optional(),
  param_names_case_insensitive: flag('param_names_case_insensitive'),
  reversal_id_prefix: z.unknown().optional(),
  negative_payout_reverses: flag('negative_payout_reverses'),
  default_currency: z.unknown().optional(),
  token_param: z.unknown().optional(),
  click_id_in_sub_id: flag('click_id_in_sub_id'),
} satisfies Record<Exclude<NetworkWireField, 'preset'>, z.ZodType>;

/** "Unknown field ..." naming every field the call takes, for a field it does not. */
export function unknownFieldMessage(key: string, allowed: readonly string[]): string {
  return `Unknown field "${key}": the fields are ${[...allowed, ...Object.keys(NETWORK_FIELDS)].join(', ')}`;
}

/** The body's object refused field by field; a field not in `allowed` or the settings, by name. */
function onlyKnown(allowed: readonly string[]) {
  return (body: Record<string, unknown>, ctx: z.RefinementCtx) => {
    for (const key of Object.keys(body))
      if (!allowed.includes(key) && !(key in NETWORK_FIELDS))
        ctx.addIssue({ code: 'custom', path: [key], message: unknownFieldMessage(key, allowed) });
  };
}

const CREATE_ONLY = ['slug'] as const;
const SLUG_MESSAGE = 'slug: Give the network a slug, e.g. cpx or my-network (it names its postback URL)';

/** Create: a preset, a slug, and any settings over the preset's values. */
export const createNetworkBody = formSchema(
  z
    .looseObject({
      preset: z.enum(PRESET_CHOICES, { error: `preset must be one of: ${PRESET_CHOICES.join(', ')}` }),
      slug: z.string({ error: SLUG_MESSAGE }).trim().min(1, SLUG_MESSAGE),
      ...settingsShape,
    })
    .superRefine(onlyKnown(CREATE_ONLY)),
);
export type CreateNetworkBody = z.infer<typeof createNetworkBody>;

const blankToUndefined = (v: unknown) => (v === undefined || v === null || v === '' ? undefined : v);

const UPDATE_ONLY = [
  'network_id',
  'slug',
  'rotation_hours',
  'rotation_reason',
  'reason',
  ...NETWORK_READ_ONLY_FIELDS,
] as const;

/**
 * Edit: `{network_id, ...fields}`, or the activation toggle `{network_id, is_active, reason}`. The slug
 * may be sent back unchanged; a new `secret` rotates it for `rotation_hours` (default 72, 0 = at once;
 * 0 by default when `rotation_reason` is `leak`).
 */
export const updateNetworkBody = formSchema(
  z
    .looseObject({
      network_id: z.unknown(),
      slug: z.unknown().optional(),
      rotation_reason: z.preprocess(
        blankToUndefined,
        z
          .enum(ROTATION_REASONS, { error: `rotation_reason must be one of: ${ROTATION_REASONS.join(', ')}` })
          .optional(),
      ),
      rotation_hours: z.preprocess(
        (v) => {
          const b = blankToUndefined(v);
          return typeof b === 'string' && /^[0-9]+$/.test(b) ? Number(b) : b;
        },
        z
          .number({ error: rotationHoursMessage() })
          .int(rotationHoursMessage())
          .min(0, rotationHoursMessage())
          .max(MAX_ROTATION_HOURS, rotationHoursMessage())
          .optional(),
      ),
      reason: z.unknown().optional(),
      preset: z.unknown().optional(),
      ...settingsShape,
    })
    .superRefine(onlyKnown(UPDATE_ONLY)),
);
export type UpdateNetworkBody = z.infer<typeof updateNetworkBody>;

function rotationHoursMessage(): string {
  return `rotation_hours must be a whole number of hours from 0 (the old secret stops at once) to ${MAX_ROTATION_HOURS}`;
}

/** The settings a body sets, under the configuration's names (undefined ones left out). */
export function settingsOverrides(body: Record<string, unknown>): Record<string, unknown> {
  const overrides: Record<string, unknown> = {};
  for (const [wire, name] of Object.entries(NETWORK_FIELDS))
    if (body[wire] !== undefined) overrides[name] = body[wire];
  return overrides;
}

const WIRE_NAME: Record<string, string> = Object.fromEntries(
  Object.entries(NETWORK_FIELDS).map(([wire, name]) => [name, wire]),
);

/** A configuration's problems as the API says them: each path under the wire names (`ip_allowlist.1`). */
export function configProblemsMessage(errors: readonly { path: string; message: string }[]): string {
  const messages = errors.map((e) => {
    if (!e.path) return e.message;
    const [head, ...rest] = e.path.split('.');
    return `${[WIRE_NAME[head!] ?? head, ...rest].join('.')}: ${e.message}`;
  });
  return [...new Set(messages)].join('; ');
}

/**
 * What the API would answer to this create body, checked in the console before it is sent: the body's
 * fields, then the whole configuration (the form sends every setting, the preset's values filled in)
 * and its strength, with the server's rules and sentences. null: nothing to refuse.
 */
export function createNetworkRefusal(input: unknown): string | null {
  const body = createNetworkBody.safeParse(input);
  if (!body.success) return body.error.issues[0]?.message ?? 'Invalid network';
  const config = parseNetworkConfig({
    ...settingsOverrides(body.data),
    preset: body.data.preset,
    slug: body.data.slug,
    previousSecret: null,
    previousSecretValidUntil: null,
  });
  if (!config.ok) return configProblemsMessage(config.errors);
  const weak = weakConfigurationProblems(config.config, { secretChanged: true });
  return weak.length ? configProblemsMessage(weak) : null;
}

/** What the API would answer to this edit body's fields (the stored configuration is the server's to check). */
export function updateNetworkRefusal(input: unknown): string | null {
  const body = updateNetworkBody.safeParse(input);
  return body.success ? null : (body.error.issues[0]?.message ?? 'Invalid network');
}
