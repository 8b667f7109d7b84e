import { Box, Button, TextField, Typography } from '@mui/material';
import ReplayIcon from '@mui/icons-material/Replay';
import { useState } from 'react';
import {
  Confirm,
  DataTable,
  ListBase,
  useDataProvider,
  useGetList,
  useListContext,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import type { AdminNetworkRow } from '../../../shared/contract/admin/networks';
import type { AdminPostbackRow } from '../../../shared/contract/admin/postbacks';
import { formatDateTime } from '../../../shared/format';
import { DetailList } from '../components/detail-list';
import { FilterCard } from '../components/filter-card';
import { DateFilter, SearchFilter, SelectFilter, type Choice } from '../components/filters';
import { actionsColumn, ListTable } from '../components/list-shell';
import { TwoLineCell } from '../components/table-cells';
import { RecordLink } from '../components/record-links';
import { PageHeader } from '../components/page-header';
import type { AdminDataProvider } from '../data-provider';
import { serverErrorText } from '../http-client';
import { translatedChoices, withAll } from '../lib/choices';
import { formatCount } from '../lib/format';
import { POSTBACK_OUTCOMES } from '../../../shared/networks/vocabulary';
import { OutcomeChip, useOutcomeLabel } from './outcome-chip';

type Row = AdminPostbackRow & { id: number };

function Mono({ children }: { children: string | null }) {
  return (
    <Box component="code" sx={{ fontFamily: 'monospace', fontSize: 13, wordBreak: 'break-all' }}>
      {children ?? '—'}
    </Box>
  );
}

/** Free text filter applied on Enter or when the field is left (a status value such as "1"). */
function TextFilter({ source, label }: { source: string; label: string }) {
  const { filterValues, displayedFilters, setFilters } = useListContext();
  const applied = (filterValues?.[source] as string | undefined) ?? '';
  const [value, setValue] = useState(applied);
  const apply = () =>
    setFilters({ ...filterValues, [source]: value.trim() || undefined }, displayedFilters, false);
  return (
    <TextField
      size="small"
      label={label}
      value={value}
      onChange={(e) => setValue(e.target.value)}
      onBlur={apply}
      onKeyDown={(e) => {
        if (e.key === 'Enter') apply();
      }}
      sx={{ minWidth: 0 }}
    />
  );
}

function useNetworkChoices(t: ReturnType<typeof useTranslate>): Choice[] {
  const { data } = useGetList<AdminNetworkRow & { id: number }>('networks', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'name', order: 'ASC' },
  });
  return withAll(
    t('app.postbacks.all_networks'),
    (data ?? []).map((n) => ({ id: String(n.network_id), name: n.name })),
  );
}

/** The row's detail: the reason and the request as received (secrets and signatures masked). */
export function PostbackDetail() {
  const t = useTranslate();
  const p = useRecordContext<Row>();
  if (!p) return null;
  const entries = (o: Record<string, string>) => Object.entries(o);
  return (
    <Box sx={{ p: 2, bgcolor: 'action.hover', borderRadius: 1 }} data-testid="postback-detail">
      <DetailList
        items={[
          [t('app.postbacks.detail.reason'), p.reason ?? '—'],
          [t('app.postbacks.detail.request'), <Mono key="u">{`${p.raw.method} ${p.raw.url ?? ''}`}</Mono>],
          ...(p.completion_id
            ? ([[t('app.postbacks.detail.completion'), `#${p.completion_id}`]] as [string, string][])
            : []),
          ...(p.replayed_at
            ? ([[t('app.postbacks.detail.replayed_at'), formatDateTime(p.replayed_at)]] as [string, string][])
            : []),
          ...(p.replay_of
            ? ([[t('app.postbacks.detail.replay_of'), `#${p.replay_of}`]] as [string, string][])
            : []),
        ]}
      />
      {[
        ['params', p.raw.params],
        ['headers', p.raw.headers],
      ].map(([which, values]) => (
        <Box key={which as string} sx={{ mt: 2 }}>
          <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
            {t(`app.postbacks.detail.${which as string}`)}
          </Typography>
          {entries(values as Record<string, string>).length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {t('app.postbacks.detail.none')}
            </Typography>
          ) : (
            <DetailList
              items={entries(values as Record<string, string>).map(([k, v]) => [k, <Mono key={k}>{v}</Mono>])}
            />
          )}
        </Box>
      ))}
    </Box>
  );
}

export function ReplayButton({ postback }: { postback: AdminPostbackRow }) {
  const t = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const label = useOutcomeLabel();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const replay = async () => {
    setPending(true);
    try {
      const result = await dataProvider.replayPostback(postback.postback_id);
      notify(t('app.postbacks.replayed', { outcome: label(result.outcome), detail: result.detail }), {
        type: result.http_status < 300 ? 'success' : 'warning',
      });
    } catch (error) {
      notify(serverErrorText(error) ?? t('app.postbacks.replay_failed'), { type: 'error' });
    } finally {
      setPending(false);
      setOpen(false);
      refresh();
    }
  };
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        startIcon={<ReplayIcon />}
        aria-label={`${t('app.postbacks.replay')}: #${postback.postback_id}`}
        onClick={(e) => {
          e.stopPropagation();
          setOpen(true);
        }}
      >
        {t('app.postbacks.replay')}
      </Button>
      <Confirm
        isOpen={open}
        loading={pending}
        title={t('app.postbacks.replay_title', { id: postback.postback_id })}
        content={t('app.postbacks.replay_confirm')}
        confirm={t('app.postbacks.replay')}
        onConfirm={replay}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

function PostbacksView() {
  const t = useTranslate();
  const label = useOutcomeLabel();
  const networks = useNetworkChoices(t);
  return (
    <>
      <PageHeader title={t('app.postbacks.title')} subtitle={t('app.postbacks.subtitle')} />
      <FilterCard>
        <SearchFilter placeholder={t('app.postbacks.search')} />
        <SelectFilter source="network_id" label={t('app.postbacks.network')} choices={networks} />
        <SelectFilter
          source="result"
          label={t('app.postbacks.result')}
          choices={translatedChoices(t, 'app.postbacks.results', ['all', 'accepted', 'refused'])}
        />
        <SelectFilter
          source="outcome"
          label={t('app.postbacks.outcome')}
          choices={withAll(
            t('app.postbacks.all_outcomes'),
            POSTBACK_OUTCOMES.map((o) => ({ id: o, name: label(o) })),
          )}
        />
        <TextFilter source="status" label={t('app.postbacks.status')} />
        <DateFilter source="date_from" label={t('app.postbacks.date_from')} />
        <DateFilter source="date_to" label={t('app.postbacks.date_to')} />
      </FilterCard>
      <ListTable
        loading={t('app.postbacks.loading')}
        noun={t('app.postbacks.noun')}
        emptyMessage={t('app.postbacks.empty')}
        rowClick="expand"
        expand={<PostbackDetail />}
      >
        <DataTable.Col
          label={t('app.postbacks.columns.time')}
          disableSort
          render={(p: Row) => (
            <TwoLineCell
              primary={
                <RecordLink
                  kind="postback"
                  id={p.postback_id}
                  label={`${formatDateTime(p.created_at)}, ${t('app.records.kinds.postback')} #${p.postback_id}`}
                >
                  {formatDateTime(p.created_at)}
                </RecordLink>
              }
              secondary={
                <RecordLink kind="network" id={p.network_id}>
                  {p.network}
                </RecordLink>
              }
            />
          )}
        />
        <DataTable.Col
          label={t('app.postbacks.columns.outcome')}
          disableSort
          render={(p: Row) => (
            <Box>
              <OutcomeChip outcome={p.outcome} status={p.status} />
              <Typography
                variant="caption"
                color="text.secondary"
                sx={{ display: 'block', whiteSpace: 'nowrap' }}
              >
                {t('app.postbacks.http_and_status', { http: p.http_status, status: p.status ?? '—' })}
              </Typography>
            </Box>
          )}
        />
        <DataTable.Col
          label={t('app.postbacks.columns.ids')}
          disableSort
          render={(p: Row) => (
            <Box sx={{ maxWidth: 200, fontFamily: 'monospace', fontSize: 12 }}>
              {[
                [t('app.postbacks.click'), p.click_id],
                [t('app.postbacks.transaction'), p.transaction_id],
              ].map(([what, id]) => (
                <Box
                  key={what}
                  title={id ?? undefined}
                  sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                >
                  {what === t('app.postbacks.click') && id ? (
                    <RecordLink kind="click" id={id}>
                      {`${what}: ${id}`}
                    </RecordLink>
                  ) : (
                    `${what}: ${id ?? '—'}`
                  )}
                </Box>
              ))}
            </Box>
          )}
        />
        <DataTable.Col
          label={t('app.postbacks.columns.ip')}
          disableSort
          render={(p: Row) => (
            <Box sx={{ fontFamily: 'monospace', fontSize: 12, maxWidth: 140, wordBreak: 'break-all' }}>
              {p.ip ?? '—'}
              {p.repeat_count > 1 && (
                <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                  {t('app.postbacks.repeats', { n: formatCount(p.repeat_count) })}
                </Typography>
              )}
            </Box>
          )}
        />
        <DataTable.Col
          label={t('app.columns.actions')}
          {...actionsColumn}
          render={(p: Row) =>
            p.replayable ? (
              <ReplayButton postback={p} />
            ) : p.replayed_at ? (
              <Typography variant="caption" color="text.secondary">
                {t('app.postbacks.already_replayed')}
              </Typography>
            ) : null
          }
        />
      </ListTable>
    </>
  );
}

/** /admin/postbacks: every attempt on the postback receivers, newest first, 20 a page. */
export function PostbackList() {
  return (
    <ListBase resource="postbacks" perPage={20} sort={{ field: 'created_at', order: 'DESC' }} debounce={500}>
      <PostbacksView />
    </ListBase>
  );
}
