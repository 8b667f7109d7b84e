import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  FormControlLabel,
  IconButton,
  InputAdornment,
  MenuItem,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import type { AdminNetworkPreset, NetworkSettings } from '../../../shared/contract/admin/networks';
import { formatDateTime } from '../../../shared/format';
import {
  ANSWER_KINDS,
  HEX_CASES,
  MAPPED_FIELDS,
  OTHER_VALUES,
  SIGNATURE_ALGORITHMS,
  SIGNATURE_ENCODINGS,
  SIGNATURE_PLACES,
  SIGNATURE_SCOPES,
  STATUS_LISTS,
  WHEN_ABSENT,
  type PresetChoice,
} from '../../../shared/networks/vocabulary';
import {
  applyPreset,
  ROTATION_HOURS,
  ROTATION_REASONS,
  rotationHoursFor,
  slugify,
  validateNetwork,
  type NetworkFieldErrors,
  type NetworkFormValues,
} from './network-form';
import { ChoiceField } from './choice-field';

const small = { size: 'small' as const, fullWidth: true };

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 2, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1, fontWeight: 600 }}>
        {title}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {children}
      </Box>
    </Box>
  );
}

/** A password field with a show / hide toggle. */
function SecretField({
  label,
  value,
  onChange,
  error,
  helperText,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: boolean;
  helperText?: ReactNode;
}) {
  const t = useTranslate();
  const [shown, setShown] = useState(false);
  return (
    <TextField
      {...small}
      label={label}
      name="secret"
      type={shown ? 'text' : 'password'}
      autoComplete="new-password"
      value={value}
      error={error}
      helperText={helperText}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                size="small"
                aria-label={shown ? t('app.networks.form.hide_secret') : t('app.networks.form.show_secret')}
                aria-pressed={shown}
                onClick={() => setShown((s) => !s)}
                edge="end"
              >
                {shown ? <VisibilityOffIcon fontSize="small" /> : <VisibilityIcon fontSize="small" />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

export interface NetworkFormProps {
  mode: 'create' | 'edit';
  initial: NetworkFormValues;
  presets: AdminNetworkPreset[];
  /** Edit: what the list shows of the current secret, and the end of a rotation window. */
  secretHint?: string;
  previousSecretValidUntil?: string | null;
  /** Sends the form; resolves to the server's refusal text, or null when saved. */
  onSubmit: (values: NetworkFormValues) => Promise<string | null>;
  onCancel: () => void;
}

/** The create and edit form of a partner network: the main fields, then an Advanced section. */
export function NetworkForm({
  mode,
  initial,
  presets,
  secretHint,
  previousSecretValidUntil,
  onSubmit,
  onCancel,
}: NetworkFormProps) {
  const t = useTranslate();
  const [values, setValues] = useState<NetworkFormValues>(initial);
  const [typed, setTyped] = useState({ name: false, slug: false });
  const [errors, setErrors] = useState<NetworkFieldErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const errorRef = useRef<HTMLDivElement>(null);
  // The refusal sits above the form: brought into view (and focused) from a Save at its foot.
  useEffect(() => {
    if (!serverError) return;
    errorRef.current?.scrollIntoView?.({ block: 'center' });
    errorRef.current?.focus();
  }, [serverError]);
  const settings = values.settings;
  const preset = presets.find((p) => p.preset === values.preset);
  const templated = settings.signature.algorithm !== 'none' && settings.signature.scope === 'template';

  const set = <K extends keyof NetworkFormValues>(key: K, value: NetworkFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const setSettings = (update: (s: NetworkSettings) => NetworkSettings) =>
    setValues((v) => ({ ...v, settings: update(v.settings) }));
  const setSig = <K extends keyof NetworkSettings['signature']>(
    key: K,
    value: NetworkSettings['signature'][K],
  ) => setSettings((s) => ({ ...s, signature: { ...s.signature, [key]: value } }));

  const choosePreset = (name: PresetChoice) => {
    const chosen = presets.find((p) => p.preset === name);
    if (chosen) setValues((v) => applyPreset(v, chosen, typed));
    setErrors({});
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const found = validateNetwork(values, mode);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSubmitting(true);
    setServerError(null);
    const refusal = await onSubmit(values);
    setSubmitting(false);
    if (refusal) setServerError(refusal);
    else if (mode === 'edit') setValues((v) => ({ ...v, secret: '' }));
  };

  const errorText = (key: keyof NetworkFieldErrors) => (errors[key] ? t(errors[key]!) : undefined);
  const paramLabel = (field: (typeof MAPPED_FIELDS)[number]) => t(`app.networks.form.params.${field}`);

  return (
    <Card component="form" onSubmit={submit} noValidate aria-label={t(`app.networks.form.${mode}_label`)}>
      <CardContent>
        {serverError && (
          <Alert severity="error" sx={{ mb: 2 }} role="alert" ref={errorRef} tabIndex={-1}>
            {serverError}
          </Alert>
        )}
        <Section title={t('app.networks.form.network')}>
          <TextField
            {...small}
            select
            name="preset"
            label={t('app.networks.form.preset')}
            value={values.preset}
            disabled={mode === 'edit'}
            onChange={(e) => choosePreset(e.target.value as PresetChoice)}
            helperText={
              mode === 'create'
                ? preset && preset.preset !== 'custom'
                  ? t('app.networks.form.preset_source', { source: preset.source })
                  : t('app.networks.form.custom_help')
                : undefined
            }
          >
            {presets
              .filter((p) => p.preset !== 'custom')
              .map((p) => (
                <MenuItem key={p.preset} value={p.preset}>
                  {`${p.label} (${p.preset})`}
                </MenuItem>
              ))}
            <MenuItem value="custom">{t('app.networks.form.custom')}</MenuItem>
          </TextField>
          <FormControlLabel
            control={
              <Switch checked={values.is_active} onChange={(e) => set('is_active', e.target.checked)} />
            }
            label={t('app.networks.form.is_active')}
          />
          <TextField
            {...small}
            name="name"
            label={t('app.networks.form.name')}
            required
            value={values.name}
            error={Boolean(errors.name)}
            helperText={errorText('name')}
            onChange={(e) => {
              const name = e.target.value;
              setTyped((x) => ({ ...x, name: true }));
              setValues((v) => ({
                ...v,
                name,
                slug: mode === 'create' && !typed.slug ? slugify(name) : v.slug,
              }));
            }}
          />
          <TextField
            {...small}
            name="slug"
            label={t('app.networks.form.slug')}
            required={mode === 'create'}
            value={values.slug}
            slotProps={{ htmlInput: { readOnly: mode === 'edit' } }}
            error={Boolean(errors.slug)}
            helperText={errorText('slug') ?? t(`app.networks.form.slug_help_${mode}`)}
            onChange={(e) => {
              setTyped((x) => ({ ...x, slug: true }));
              set('slug', e.target.value);
            }}
          />
          {mode === 'create' ? (
            <SecretField
              label={t('app.networks.form.secret')}
              value={values.secret}
              onChange={(v) => set('secret', v)}
              error={Boolean(errors.secret)}
              helperText={errorText('secret') ?? t('app.networks.form.secret_help')}
            />
          ) : (
            <>
              <SecretField
                label={t('app.networks.form.rotate_secret')}
                value={values.secret}
                onChange={(v) => set('secret', v)}
                helperText={
                  secretHint
                    ? t('app.networks.form.current_secret', { hint: secretHint })
                    : t('app.networks.form.no_secret')
                }
              />
              <ChoiceField
                name="rotation_reason"
                label={t('app.networks.form.rotation_reason')}
                value={values.rotation_reason}
                values={ROTATION_REASONS}
                labelOf={(r) => t(`app.networks.form.rotation_reasons.${r}`)}
                onChange={(r) => {
                  set('rotation_reason', r);
                  set('rotation_hours', rotationHoursFor(r));
                }}
                helperText={t(`app.networks.form.rotation_reason_help.${values.rotation_reason}`)}
              />
              <ChoiceField
                name="rotation_hours"
                label={t('app.networks.form.rotation')}
                value={values.rotation_hours}
                values={ROTATION_HOURS}
                labelOf={(h) => t(`app.networks.form.rotation_hours.${h}`)}
                onChange={(h) => set('rotation_hours', h)}
                helperText={
                  previousSecretValidUntil
                    ? t('app.networks.form.rotation_until', {
                        date: formatDateTime(previousSecretValidUntil),
                      })
                    : t('app.networks.form.rotation_help')
                }
              />
            </>
          )}
          <TextField
            {...small}
            multiline
            minRows={2}
            name="ip_allowlist"
            label={t('app.networks.form.ip_allowlist')}
            value={values.ip_allowlist}
            onChange={(e) => set('ip_allowlist', e.target.value)}
            helperText={t('app.networks.form.ip_allowlist_help')}
            sx={{ gridColumn: { sm: '1 / -1' } }}
            slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
          />
          {preset?.notes && mode === 'create' && (
            <Alert severity="info" sx={{ gridColumn: '1 / -1' }}>
              {preset.notes}
            </Alert>
          )}
        </Section>

        <Accordion
          variant="outlined"
          disableGutters
          sx={{ mb: 2 }}
          slotProps={{ transition: { unmountOnExit: true } }}
        >
          <AccordionSummary
            expandIcon={<ExpandMoreIcon />}
            aria-controls="network-advanced"
            id="network-advanced-head"
          >
            <Typography sx={{ fontWeight: 600 }}>{t('app.networks.form.advanced')}</Typography>
          </AccordionSummary>
          <AccordionDetails id="network-advanced">
            <Section title={t('app.networks.form.parameters')}>
              {MAPPED_FIELDS.map((field) => (
                <TextField
                  {...small}
                  key={field}
                  label={paramLabel(field)}
                  value={settings.params[field] ?? ''}
                  onChange={(e) =>
                    setSettings((s) => ({ ...s, params: { ...s.params, [field]: e.target.value } }))
                  }
                />
              ))}
              <TextField
                {...small}
                label={t('app.networks.form.extra_params')}
                value={values.lists.extra_params}
                helperText={t('app.networks.form.comma_help')}
                onChange={(e) => set('lists', { ...values.lists, extra_params: e.target.value })}
              />
              <FormControlLabel
                control={
                  <Switch
                    checked={settings.param_names_case_insensitive}
                    onChange={(e) =>
                      setSettings((s) => ({ ...s, param_names_case_insensitive: e.target.checked }))
                    }
                  />
                }
                label={t('app.networks.form.case_insensitive')}
              />
            </Section>

            <Section title={t('app.networks.form.statuses')}>
              {STATUS_LISTS.map((list) => (
                <TextField
                  {...small}
                  key={list}
                  label={t(`app.networks.form.status_lists.${list}`)}
                  value={values.lists[list]}
                  helperText={t('app.networks.form.comma_help')}
                  onChange={(e) => set('lists', { ...values.lists, [list]: e.target.value })}
                />
              ))}
              <ChoiceField
                label={t('app.networks.form.when_absent')}
                value={settings.statuses.whenAbsent}
                values={WHEN_ABSENT}
                labelOf={(w) => t(`app.networks.form.when_absent_values.${w}`)}
                onChange={(whenAbsent) =>
                  setSettings((s) => ({ ...s, statuses: { ...s.statuses, whenAbsent } }))
                }
              />
              <ChoiceField
                label={t('app.networks.form.other_values')}
                value={settings.statuses.otherValues}
                values={OTHER_VALUES}
                labelOf={(w) => t(`app.networks.form.other_values_values.${w}`)}
                onChange={(otherValues) =>
                  setSettings((s) => ({ ...s, statuses: { ...s.statuses, otherValues } }))
                }
              />
              <FormControlLabel
                control={
                  <Switch
                    checked={settings.negative_payout_reverses}
                    onChange={(e) =>
                      setSettings((s) => ({ ...s, negative_payout_reverses: e.target.checked }))
                    }
                  />
                }
                label={t('app.networks.form.negative_payout')}
              />
              <TextField
                {...small}
                label={t('app.networks.form.default_currency')}
                value={settings.default_currency ?? ''}
                onChange={(e) =>
                  setSettings((s) => ({ ...s, default_currency: e.target.value.toUpperCase() }))
                }
              />
            </Section>

            <Section title={t('app.networks.form.signature')}>
              <ChoiceField
                label={t('app.networks.form.algorithm')}
                value={settings.signature.algorithm}
                values={SIGNATURE_ALGORITHMS}
                labelOf={(a) => (a === 'none' ? t('app.networks.form.no_signature') : a)}
                onChange={(a) => setSig('algorithm', a)}
              />
              <ChoiceField
                label={t('app.networks.form.scope')}
                value={settings.signature.scope}
                values={SIGNATURE_SCOPES}
                labelOf={(a) => t(`app.networks.form.scopes.${a}`)}
                disabled={settings.signature.algorithm === 'none'}
                onChange={(a) => setSig('scope', a)}
              />
              <TextField
                {...small}
                label={t('app.networks.form.template')}
                value={settings.signature.template ?? ''}
                disabled={!templated}
                // A disabled field's helper text is too faint to read: shown only when it applies.
                helperText={templated ? t('app.networks.form.template_help') : undefined}
                onChange={(e) => setSig('template', e.target.value)}
                slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
              />
              <ChoiceField
                label={t('app.networks.form.encoding')}
                value={settings.signature.encoding}
                values={SIGNATURE_ENCODINGS}
                labelOf={(a) => t(`app.networks.form.encodings.${a}`)}
                disabled={
                  settings.signature.algorithm === 'none' || settings.signature.scope !== 'sorted-params'
                }
                onChange={(a) => setSig('encoding', a)}
              />
              <ChoiceField
                label={t('app.networks.form.travels_in')}
                value={settings.signature.in}
                values={SIGNATURE_PLACES}
                labelOf={(a) => t(`app.networks.form.places.${a}`)}
                disabled={settings.signature.algorithm === 'none'}
                onChange={(a) => setSig('in', a)}
              />
              <TextField
                {...small}
                label={t('app.networks.form.signature_name')}
                value={settings.signature.name ?? ''}
                disabled={settings.signature.algorithm === 'none'}
                onChange={(e) => setSig('name', e.target.value)}
              />
              <ChoiceField
                label={t('app.networks.form.hex_case')}
                value={settings.signature.hexCase}
                values={HEX_CASES}
                labelOf={(a) => t(`app.networks.form.hex_cases.${a}`)}
                disabled={settings.signature.algorithm === 'none'}
                onChange={(a) => setSig('hexCase', a)}
              />
              <TextField
                {...small}
                label={t('app.networks.form.token_param')}
                value={settings.token_param ?? ''}
                helperText={t('app.networks.form.token_param_help')}
                onChange={(e) => setSettings((s) => ({ ...s, token_param: e.target.value }))}
              />
            </Section>

            <Section title={t('app.networks.form.answers')}>
              {ANSWER_KINDS.map((which) => {
                const answer = settings.answers[which];
                const setAnswer = (patch: Partial<typeof answer>) =>
                  setSettings((s) => ({
                    ...s,
                    answers: { ...s.answers, [which]: { ...s.answers[which], ...patch } },
                  }));
                return (
                  <Box
                    key={which}
                    sx={{ display: 'grid', gap: 1, gridTemplateColumns: '110px 1fr', gridColumn: '1 / -1' }}
                  >
                    <TextField
                      size="small"
                      type="number"
                      label={t(`app.networks.form.answer_status.${which}`)}
                      value={answer.status ?? ''}
                      placeholder={which === 'refusal' ? t('app.networks.form.by_reason') : undefined}
                      onChange={(e) =>
                        setAnswer({
                          status:
                            e.target.value === ''
                              ? which === 'refusal'
                                ? null
                                : 200
                              : Number(e.target.value),
                        } as never)
                      }
                    />
                    <TextField
                      size="small"
                      label={t(`app.networks.form.answer_body.${which}`)}
                      value={answer.body ?? ''}
                      placeholder={which === 'refusal' ? t('app.networks.form.by_reason') : undefined}
                      onChange={(e) =>
                        setAnswer({
                          body: which === 'refusal' && e.target.value === '' ? null : e.target.value,
                        } as never)
                      }
                      slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
                    />
                  </Box>
                );
              })}
            </Section>
          </AccordionDetails>
        </Accordion>

        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
          <Button onClick={onCancel} disabled={submitting}>
            {t('app.actions.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={submitting}
            startIcon={submitting ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {t(`app.networks.form.submit_${mode}`)}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
