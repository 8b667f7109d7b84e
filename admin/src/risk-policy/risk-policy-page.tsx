import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import SaveIcon from '@mui/icons-material/Save';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import {
  Confirm,
  useDataProvider,
  useGetList,
  useLogoutIfAccessDenied,
  useNotify,
  useTranslate,
} from 'react-admin';
// The form is judged by the policy's own rules (policyProblems, which the contract's schema runs too),
// not a copy of them; plain values, no zod in the console.
import { RISK_REASONS, policyProblems, type PolicyShape, type RiskReason } from '../../../shared/trust';
import type { RiskPolicy } from '../../../shared/contract/admin/reviews';
import type { AdminNetworkRow } from '../../../shared/contract/admin/networks';
import { formatDateTime } from '../../../shared/format';
import { PageHeader } from '../components/page-header';
import { ErrorState, PageLoading } from '../components/page-states';
import type { AdminDataProvider } from '../data-provider';
import { serverErrorText } from '../http-client';

export const RISK_POLICY_KEY = ['admin', 'risk-policy'];

/** The form's values as typed (text fields hold text; '' for a network means "the default"). */
export interface PolicyDraft {
  thresholds: { medium: string; high: string; very_high: string };
  hold_default: string;
  hold_networks: Record<string, string>;
  rules: Record<string, { enabled: boolean; weight: string }>;
}

export function toDraft(p: RiskPolicy): PolicyDraft {
  return {
    thresholds: {
      medium: String(p.thresholds.medium),
      high: String(p.thresholds.high),
      very_high: String(p.thresholds.very_high),
    },
    hold_default: String(p.hold_hours.default),
    hold_networks: Object.fromEntries(Object.entries(p.hold_hours.networks).map(([k, v]) => [k, String(v)])),
    rules: Object.fromEntries(
      Object.entries(p.rules).map(([k, r]) => [k, { enabled: r.enabled, weight: String(r.weight) }]),
    ),
  };
}

/** A typed number, or NaN (the schema refuses it) when the field is empty or not a number. */
const num = (s: string) => (s.trim() === '' ? Number.NaN : Number(s));

/** The body of PUT risk-policy.php from the draft, before the contract's schema checks it. */
export function fromDraft(d: PolicyDraft): unknown {
  return {
    thresholds: {
      medium: num(d.thresholds.medium),
      high: num(d.thresholds.high),
      very_high: num(d.thresholds.very_high),
    },
    hold_hours: {
      default: num(d.hold_default),
      networks: Object.fromEntries(
        Object.entries(d.hold_networks)
          .filter(([, v]) => v.trim() !== '')
          .map(([k, v]) => [k, num(v)]),
      ),
    },
    rules: Object.fromEntries(
      Object.entries(d.rules).map(([k, r]) => [k, { enabled: r.enabled, weight: num(r.weight) }]),
    ),
  };
}

/**
 * The policy's own rules (policyProblems, shared/trust.ts, the same the server's schema runs) judge the
 * draft: its refusals by field path ('thresholds.medium', 'thresholds' for "must rise",
 * 'rules.shared_device.weight' …); an empty field is "a number is required".
 */
export function validateDraft(
  d: PolicyDraft,
  numberRequired: string,
): { policy: RiskPolicy | null; errors: Record<string, string> } {
  const body = fromDraft(d) as PolicyShape;
  const problems = policyProblems(body);
  const errors: Record<string, string> = {};
  for (const [path, message] of Object.entries(problems))
    errors[path] = message.endsWith(' is required') ? numberRequired : message;
  if (Object.keys(errors).length) return { policy: null, errors };
  return { policy: body as RiskPolicy, errors };
}

function Section({ title, help, children }: { title: string; help: string; children: ReactNode }) {
  return (
    <Card component="section" aria-label={title} sx={{ mb: 2 }}>
      <CardHeader
        title={title}
        subheader={help}
        slotProps={{ title: { variant: 'h6', component: 'h2' }, subheader: { variant: 'body2' } }}
        sx={{ pb: 0 }}
      />
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function NumberField({
  label,
  value,
  error,
  onChange,
  placeholder,
  hideLabel = false,
}: {
  label: string;
  value: string;
  error?: string;
  onChange: (v: string) => void;
  placeholder?: string;
  hideLabel?: boolean;
}) {
  return (
    <TextField
      size="small"
      type="number"
      label={hideLabel ? undefined : label}
      hiddenLabel={hideLabel}
      value={value}
      placeholder={placeholder}
      onChange={(e) => onChange(e.target.value)}
      error={!!error}
      helperText={error}
      slotProps={{
        htmlInput: { min: 0, step: 1, inputMode: 'numeric', ...(hideLabel ? { 'aria-label': label } : {}) },
      }}
      sx={{ width: hideLabel ? 150 : 180 }}
    />
  );
}

function PolicyForm({
  initial,
  updatedAt,
  updatedBy,
}: {
  initial: RiskPolicy;
  updatedAt: string | null;
  updatedBy: string | null;
}) {
  const t = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [draft, setDraft] = useState<PolicyDraft>(() => toDraft(initial));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<RiskPolicy | null>(null);
  const [saving, setSaving] = useState(false);
  const { data: networks } = useGetList<AdminNetworkRow & { id: number }>('networks', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'name', order: 'ASC' },
  });
  useEffect(() => setDraft(toDraft(initial)), [initial]);

  const set = (change: (d: PolicyDraft) => PolicyDraft) => {
    setDraft((d) => change(d));
    setServerError(null);
  };
  // Re-judge as the operator types once a save was refused (the marks follow the fixes).
  const judged = Object.keys(errors).length > 0;
  useEffect(() => {
    if (judged) setErrors(validateDraft(draft, t('app.risk_policy.number_required')).errors);
  }, [draft, judged, t]);

  const slugs = [
    ...(networks ?? []).map((n) => ({ slug: n.slug, name: n.name })),
    ...Object.keys(draft.hold_networks)
      .filter((s) => !(networks ?? []).some((n) => n.slug === s))
      .map((s) => ({ slug: s, name: s })),
  ];

  const save = () => {
    const { policy, errors: found } = validateDraft(draft, t('app.risk_policy.number_required'));
    setErrors(found);
    if (!policy) return;
    setConfirming(policy);
  };

  const send = async (policy: RiskPolicy) => {
    setSaving(true);
    try {
      const answer = await dataProvider.putRiskPolicy(policy);
      queryClient.setQueryData(RISK_POLICY_KEY, answer);
      notify('app.risk_policy.saved', { type: 'success' });
    } catch (err) {
      setServerError(serverErrorText(err) ?? t('app.risk_policy.save_failed'));
    } finally {
      setSaving(false);
      setConfirming(null);
    }
  };

  const ruleName = (code: RiskReason) => t(`app.risk.reasons.${code}`);
  const defaultHours = draft.hold_default || String(initial.hold_hours.default);
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {updatedAt
          ? t('app.risk_policy.updated', { at: formatDateTime(updatedAt), by: updatedBy ?? '—' })
          : t('app.risk_policy.never_updated')}
      </Typography>
      <Section title={t('app.risk_policy.thresholds')} help={t('app.risk_policy.thresholds_help')}>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
          {(['medium', 'high', 'very_high'] as const).map((k) => (
            <NumberField
              key={k}
              label={t(`app.risk_policy.${k}`)}
              value={draft.thresholds[k]}
              error={errors[`thresholds.${k}`]}
              onChange={(v) => set((d) => ({ ...d, thresholds: { ...d.thresholds, [k]: v } }))}
            />
          ))}
        </Box>
        {errors.thresholds && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {errors.thresholds}
          </Alert>
        )}
      </Section>
      <Section title={t('app.risk_policy.hold_hours')} help={t('app.risk_policy.hold_hours_help')}>
        <NumberField
          label={t('app.risk_policy.default_hours')}
          value={draft.hold_default}
          error={errors['hold_hours.default']}
          onChange={(v) => set((d) => ({ ...d, hold_default: v }))}
        />
        {slugs.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            {t('app.risk_policy.no_networks')}
          </Typography>
        ) : (
          <Box sx={{ overflowX: 'auto', mt: 2 }}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{t('app.risk_policy.col_network')}</TableCell>
                  <TableCell>{t('app.risk_policy.col_hours')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {slugs.map(({ slug, name }) => (
                  <TableRow key={slug}>
                    <TableCell>
                      <Typography variant="body2">{name}</Typography>
                      <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
                        {slug}
                      </Typography>
                    </TableCell>
                    <TableCell>
                      <NumberField
                        hideLabel
                        label={t('app.risk_policy.network_hours', { name })}
                        value={draft.hold_networks[slug] ?? ''}
                        placeholder={t('app.risk_policy.use_default', { n: defaultHours })}
                        error={errors[`hold_hours.networks.${slug}`]}
                        onChange={(v) =>
                          set((d) => ({ ...d, hold_networks: { ...d.hold_networks, [slug]: v } }))
                        }
                      />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </Section>
      <Section title={t('app.risk_policy.rules')} help={t('app.risk_policy.rules_help')}>
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('app.risk_policy.col_rule')}</TableCell>
                <TableCell>{t('app.risk_policy.col_on')}</TableCell>
                <TableCell>{t('app.risk_policy.col_weight')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {RISK_REASONS.map((code) => {
                const rule = draft.rules[code] ?? { enabled: false, weight: '0' };
                return (
                  <TableRow key={code}>
                    <TableCell sx={{ minWidth: 220 }}>
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>
                        {ruleName(code)}
                      </Typography>
                      <Typography variant="caption" color="text.secondary">
                        {t(`app.risk.explain.${code}`)}
                      </Typography>
                    </TableCell>
                    <TableCell>
                      <Switch
                        checked={rule.enabled}
                        onChange={(e) =>
                          set((d) => ({
                            ...d,
                            rules: { ...d.rules, [code]: { ...rule, enabled: e.target.checked } },
                          }))
                        }
                        slotProps={{
                          input: { 'aria-label': t('app.risk_policy.rule_on', { name: ruleName(code) }) },
                        }}
                      />
                    </TableCell>
                    <TableCell>
                      <NumberField
                        hideLabel
                        label={t('app.risk_policy.weight_of', { name: ruleName(code) })}
                        value={rule.weight}
                        error={errors[`rules.${code}.weight`]}
                        onChange={(v) =>
                          set((d) => ({ ...d, rules: { ...d.rules, [code]: { ...rule, weight: v } } }))
                        }
                      />
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Box>
      </Section>
      {judged && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t('app.risk_policy.invalid')}
        </Alert>
      )}
      {serverError && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {serverError}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" startIcon={<SaveIcon />} loading={saving}>
          {t('app.risk_policy.save')}
        </Button>
        <Button
          onClick={() => {
            setDraft(toDraft(initial));
            setErrors({});
            setServerError(null);
          }}
          disabled={saving}
        >
          {t('app.risk_policy.reset')}
        </Button>
      </Box>
      <Confirm
        isOpen={confirming !== null}
        loading={saving}
        title={t('app.risk_policy.confirm_title')}
        content={t('app.risk_policy.confirm_effect')}
        confirm={t('app.risk_policy.save')}
        onConfirm={() => confirming && void send(confirming)}
        onClose={() => setConfirming(null)}
      />
    </Box>
  );
}

/**
 * /admin/risk-policy (issue 33): the hold policy: thresholds (checked with the contract's own schema:
 * they must rise), hold hours by default and per network, each rule on or off with its weight. Saved
 * after a confirmation; the server's refusal is shown on the page.
 */
export function RiskPolicyPage() {
  const t = useTranslate();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const query = useQuery({
    queryKey: RISK_POLICY_KEY,
    queryFn: () => dataProvider.getRiskPolicy(),
    staleTime: 0,
  });
  useEffect(() => {
    if (query.error) void logoutIfAccessDenied(query.error);
  }, [query.error, logoutIfAccessDenied]);
  return (
    <Box sx={{ pb: 2, maxWidth: 960 }}>
      <PageHeader title={t('app.risk_policy.title')} subtitle={t('app.risk_policy.subtitle')} />
      {query.isPending ? (
        <PageLoading message={t('app.risk_policy.loading')} />
      ) : query.error || !query.data ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <PolicyForm
          initial={query.data.policy}
          updatedAt={query.data.updated_at}
          updatedBy={query.data.updated_by}
        />
      )}
    </Box>
  );
}
