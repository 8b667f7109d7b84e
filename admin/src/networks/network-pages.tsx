import { Box, Chip } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useQuery } from '@tanstack/react-query';
import { Button as RaButton } from '@mui/material';
import { useDataProvider, useGetOne, useNotify, useRedirect, useRefresh, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import type { AdminNetworkRow } from '../../../shared/contract/admin/networks';
import type { AdminDataProvider } from '../data-provider';
import { serverErrorText } from '../http-client';
import { PageHeader } from '../components/page-header';
import { ErrorState, PageLoading } from '../components/page-states';
import { formFromNetwork, formFromPreset, toCreateRequest, toUpdateRequest } from './network-form';
import { NetworkForm } from './network-form-view';
import { PostbackUrlCard } from './postback-url';
import { TestPostbackCard } from './test-postback';

const networkRules = () => import('../../../shared/contract/admin/network-form');

/** The presets the form starts from (network-presets.php); they never change while the console runs. */
function usePresets() {
  const dataProvider = useDataProvider<AdminDataProvider>();
  return useQuery({
    queryKey: ['network-presets'],
    queryFn: () => dataProvider.getNetworkPresets(),
    staleTime: Infinity,
  });
}

function BackToList() {
  const t = useTranslate();
  const redirect = useRedirect();
  return (
    <RaButton startIcon={<ArrowBackIcon />} onClick={() => redirect('list', 'networks')}>
      {t('app.networks.back')}
    </RaButton>
  );
}

const refusalOf = (error: unknown, fallback: string) =>
  serverErrorText(error) ?? (error as Error | null)?.message ?? fallback;

/** /admin/networks/create: pick a preset, the form fills with its settings. */
export function NetworkCreate() {
  const t = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const presets = usePresets();
  // The form starts blank: from `custom`, the receiver's defaults.
  const custom = presets.data?.find((p) => p.preset === 'custom');
  return (
    <>
      <PageHeader title={t('app.networks.create_title')} actions={<BackToList />} />
      {presets.isPending ? (
        <PageLoading message={t('app.networks.loading_presets')} />
      ) : presets.error || !custom ? (
        <ErrorState error={presets.error} onRetry={() => presets.refetch()} />
      ) : (
        <NetworkForm
          mode="create"
          initial={formFromPreset(custom)}
          presets={presets.data}
          onCancel={() => redirect('list', 'networks')}
          onSubmit={async (values) => {
            // The API's own rules, checked before the request (shared/contract/admin/network-form.ts),
            // loaded on the first submit: they bring classic zod and the network configuration's
            // schema, which the rest of the console does without.
            const body = toCreateRequest(values);
            const refusal = (await networkRules()).createNetworkRefusal(body);
            if (refusal) return refusal;
            try {
              const { data } = await dataProvider.create('networks', { data: body });
              notify('app.networks.created', { type: 'success' });
              redirect('edit', 'networks', data.id);
              return null;
            } catch (error) {
              notify('app.networks.create_failed', { type: 'error' });
              return refusalOf(error, t('app.networks.create_failed'));
            }
          }}
        />
      )}
    </>
  );
}

/** /admin/networks/:id: the form, the postback URL to paste and Send test postback. */
export function NetworkEdit() {
  const t = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const redirect = useRedirect();
  const { id } = useParams<{ id: string }>();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const presets = usePresets();
  const network = useGetOne<AdminNetworkRow & { id: number }>('networks', { id: Number(id) });
  const row = network.data;

  if (network.isPending || presets.isPending) return <PageLoading message={t('app.networks.loading')} />;
  if (network.error || !row) return <ErrorState error={network.error} onRetry={() => network.refetch()} />;

  return (
    <>
      <PageHeader
        title={row.name}
        badge={
          <Chip
            size="small"
            color={row.is_active ? 'success' : 'default'}
            label={row.is_active ? t('app.networks.status.active') : t('app.networks.status.inactive')}
          />
        }
        subtitle={t('app.networks.edit_subtitle', { slug: row.slug, preset: row.preset })}
        actions={<BackToList />}
      />
      <PostbackUrlCard url={row.postback_url} slug={row.slug} macros={row.macros} />
      <TestPostbackCard networkId={row.network_id} />
      <Box sx={{ mb: 2 }}>
        <NetworkForm
          // A fresh form after each save, from the row as the server now has it.
          key={row.updated_at}
          mode="edit"
          initial={formFromNetwork(row)}
          presets={presets.data ?? []}
          secretHint={row.secret_hint}
          previousSecretValidUntil={row.previous_secret_valid_until}
          onCancel={() => redirect('list', 'networks')}
          onSubmit={async (values) => {
            const body = toUpdateRequest(values);
            const refusal = (await networkRules()).updateNetworkRefusal({
              network_id: row.network_id,
              ...body,
            });
            if (refusal) return refusal;
            try {
              await dataProvider.update('networks', {
                id: row.network_id,
                data: body,
                previousData: row,
              });
              notify(values.secret ? 'app.networks.secret_rotated' : 'app.networks.updated', {
                type: 'success',
              });
              refresh();
              return null;
            } catch (error) {
              notify('app.networks.update_failed', { type: 'error' });
              return refusalOf(error, t('app.networks.update_failed'));
            }
          }}
        />
      </Box>
    </>
  );
}
