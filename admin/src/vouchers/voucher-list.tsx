import { Alert, Box, Button, Card, CardContent, Chip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ViewIcon from '@mui/icons-material/Visibility';
import VoucherIcon from '@mui/icons-material/CardGiftcard';
import AvailableIcon from '@mui/icons-material/Inventory2';
import SendIcon from '@mui/icons-material/Send';
import ValueIcon from '@mui/icons-material/CurrencyRupee';
import { useState } from 'react';
import {
  Confirm,
  DataTable,
  ExportButton,
  ListBase,
  useListContext,
  useRefresh,
  useTranslate,
  useUpdate,
} from 'react-admin';
import type {
  AdminVoucherRow,
  AdminVouchersResponse,
  VoucherStatsRow,
} from '../../../shared/contract/admin/vouchers';
import { formatDate, formatRupees } from '../../../shared/format';
import { FilterCard } from '../components/filter-card';
import { SearchFilter, SelectFilter } from '../components/filters';
import { actionsColumn, ListTable } from '../components/list-shell';
import { RowActionButton, TwoLineCell } from '../components/table-cells';
import { PageHeader } from '../components/page-header';
import { StatCard, StatGrid } from '../components/stat-card';
import { serverErrorText } from '../http-client';
import { csvExporter } from '../lib/csv';
import { formatCount } from '../lib/format';
import { AddVouchersDialog } from './add-vouchers-dialog';
import { VoucherStatusBadges } from './voucher-badges';
import {
  amountChoices,
  assignmentChoices,
  brandChoices,
  expiryChoices,
  typeChoices,
  voucherStatusChoices,
} from './voucher-choices';
import { VoucherDetailsDialog } from './voucher-details-dialog';
import { brandSummaries, creationMessage, statusAction, voucherTotals } from './voucher-rules';
import { RecordLink } from '../components/record-links';
import { CollapsibleSection } from '../components/collapsible-section';

type Row = AdminVoucherRow & { id: number };
type Banner = { severity: 'success' | 'error'; message: string } | null;

const exporter = csvExporter<Row>('vouchers', [
  'voucher_id',
  'voucher_code',
  'voucher_brand',
  'voucher_type',
  'voucher_amount',
  'status',
  'expiry_date',
  'created_at',
  'created_by_username',
  'assigned_to_name',
  'assigned_to_email',
  'assigned_at',
  'assignment_context',
]);

function VouchersByBrand({ stats }: { stats: VoucherStatsRow[] }) {
  const t = useTranslate();
  const brands = brandSummaries(stats);
  return (
    <CollapsibleSection storeKey="vouchers.by_brand" title={t('app.vouchers.by_brand')}>
      <>
        {brands.length === 0 ? (
          <Typography color="text.secondary">{t('app.vouchers.by_brand_empty')}</Typography>
        ) : (
          <Box
            sx={{
              display: 'grid',
              gap: 1.5,
              gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' },
            }}
          >
            {brands.map((b) => (
              <Card key={b.brand} variant="outlined" component="article" aria-label={b.brand}>
                <CardContent sx={{ '&:last-child': { pb: 2 } }}>
                  <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline' }}>
                    <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
                      {b.brand}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {t('app.vouchers.brand_value', { value: formatRupees(b.total_value) })}
                    </Typography>
                  </Box>
                  <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                    {t('app.vouchers.brand_counts', {
                      total: b.total,
                      available: b.available,
                      assigned: b.assigned,
                      used: b.used,
                      expired: b.expired,
                    })}
                  </Typography>
                  {b.availableByAmount.length === 0 ? (
                    <Typography variant="body2" color="warning.main">
                      {t('app.vouchers.no_available')}
                    </Typography>
                  ) : (
                    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
                      {b.availableByAmount.map((a) => (
                        <Chip
                          key={a.amount}
                          size="small"
                          color="success"
                          variant="outlined"
                          label={t('app.vouchers.available_at', {
                            amount: formatRupees(a.amount),
                            n: a.available,
                          })}
                        />
                      ))}
                    </Box>
                  )}
                </CardContent>
              </Card>
            ))}
          </Box>
        )}
      </>
    </CollapsibleSection>
  );
}

function VouchersView() {
  const t = useTranslate();
  const refresh = useRefresh();
  const { meta, total, isPending } = useListContext<Row>();
  const stats = ((meta as Partial<AdminVouchersResponse> | undefined)?.stats ?? []) as VoucherStatsRow[];
  const totals = voucherTotals(stats);
  const [adding, setAdding] = useState(false);
  const [viewing, setViewing] = useState<Row | null>(null);
  const [confirming, setConfirming] = useState<{ voucher: Row; action: 'expire' | 'unexpire' } | null>(null);
  const [banner, setBanner] = useState<Banner>(null);
  const [update, { isPending: updating }] = useUpdate();

  const changeStatus = () => {
    if (!confirming) return;
    const { voucher, action } = confirming;
    update(
      'vouchers',
      {
        id: voucher.voucher_id,
        data: { status: action === 'expire' ? 'expired' : 'available' },
        previousData: voucher,
      },
      {
        onSuccess: () => {
          setBanner({
            severity: 'success',
            message: t(action === 'expire' ? 'app.vouchers.expired_ok' : 'app.vouchers.reactivated_ok'),
          });
          setConfirming(null);
          refresh();
        },
        onError: (e) => {
          setBanner({ severity: 'error', message: serverErrorText(e) ?? t('app.vouchers.update_failed') });
          setConfirming(null);
        },
      },
    );
  };

  return (
    <>
      <PageHeader
        title={t('app.vouchers.title')}
        actions={
          <>
            <ExportButton />
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
              {t('app.vouchers.add_button')}
            </Button>
          </>
        }
      />
      {banner && (
        <Alert severity={banner.severity} onClose={() => setBanner(null)} sx={{ mb: 2 }} role="alert">
          {banner.message}
        </Alert>
      )}
      <StatGrid columns={4}>
        <StatCard
          loading={isPending}
          label={t('app.vouchers.tiles.total')}
          value={formatCount(totals.total)}
          icon={<VoucherIcon />}
        />
        <StatCard
          loading={isPending}
          label={t('app.vouchers.tiles.available')}
          value={formatCount(totals.available)}
          icon={<AvailableIcon />}
          color="success.main"
        />
        <StatCard
          loading={isPending}
          label={t('app.vouchers.tiles.distributed')}
          value={formatCount(totals.distributed)}
          icon={<SendIcon />}
          color="info.main"
          hint={t('app.vouchers.tiles.distributed_hint')}
        />
        <StatCard
          loading={isPending}
          label={t('app.vouchers.tiles.value')}
          value={formatRupees(totals.value)}
          icon={<ValueIcon />}
          color="secondary.main"
        />
      </StatGrid>
      {!isPending && <VouchersByBrand stats={stats} />}
      <FilterCard>
        <SearchFilter placeholder={t('app.vouchers.search')} />
        <SelectFilter source="status" label={t('app.filters.status')} choices={voucherStatusChoices(t)} />
        <SelectFilter source="brand" label={t('app.vouchers.brand')} choices={brandChoices(t, stats)} />
        <SelectFilter source="voucher_type" label={t('app.vouchers.type')} choices={typeChoices(t, stats)} />
        <SelectFilter
          source="amount_range"
          label={t('app.vouchers.amount_range')}
          choices={amountChoices(t)}
        />
        <SelectFilter
          source="expiry_filter"
          label={t('app.vouchers.expiry.label')}
          choices={expiryChoices(t)}
        />
        <SelectFilter
          source="assignment_filter"
          label={t('app.vouchers.assignment.label')}
          choices={assignmentChoices(t)}
        />
      </FilterCard>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('app.vouchers.inventory', { n: formatCount(total ?? 0) })}
      </Typography>
      <ListTable
        loading={t('app.vouchers.loading')}
        noun={t('app.vouchers.noun')}
        emptyMessage={t('app.vouchers.empty')}
        // A click on a row opens the voucher's details.
        rowClick={(_id, _resource, v) => {
          setViewing(v as Row);
          return false;
        }}
      >
        <DataTable.Col
          label={t('app.vouchers.columns.code')}
          source="voucher_code"
          sortByOrder="DESC"
          render={(v: Row) => (
            <Box component="code" sx={{ fontWeight: 600 }}>
              {v.voucher_code}
            </Box>
          )}
        />
        <DataTable.Col
          label={t('app.vouchers.columns.brand')}
          disableSort
          render={(v: Row) => (
            <TwoLineCell primary={v.voucher_brand} secondary={v.voucher_type || 'Gift Card'} />
          )}
        />
        <DataTable.Col
          label={t('app.vouchers.columns.amount')}
          source="voucher_amount"
          sortByOrder="DESC"
          align="right"
          render={(v: Row) => formatRupees(v.voucher_amount)}
        />
        <DataTable.Col
          label={t('app.vouchers.columns.status')}
          source="status"
          sortByOrder="DESC"
          render={(v: Row) => <VoucherStatusBadges voucher={v} />}
        />
        <DataTable.Col
          label={t('app.vouchers.columns.expiry')}
          source="expiry_date"
          sortByOrder="DESC"
          render={(v: Row) => (v.expiry_date ? formatDate(v.expiry_date) : 'N/A')}
        />
        <DataTable.Col
          label={t('app.vouchers.columns.assigned_to')}
          disableSort
          render={(v: Row) =>
            v.assigned_at || v.assigned_to_email ? (
              <TwoLineCell
                primary={
                  <RecordLink kind="member" id={v.assigned_to_user_id}>
                    {v.assigned_to_name || t('app.vouchers.details.unknown_user')}
                  </RecordLink>
                }
                secondary={v.assigned_to_email}
              />
            ) : (
              '—'
            )
          }
        />
        <DataTable.Col
          label={t('app.vouchers.columns.created')}
          disableSort
          render={(v: Row) => formatDate(v.created_at)}
        />
        <DataTable.Col
          label={t('app.columns.actions')}
          {...actionsColumn}
          render={(v: Row) => {
            const action = statusAction(v);
            return (
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, whiteSpace: 'nowrap' }}>
                <RowActionButton
                  label={t('app.vouchers.view')}
                  target={v.voucher_code}
                  icon={ViewIcon}
                  onClick={() => setViewing(v)}
                />
                {action && (
                  <Button
                    size="small"
                    color={action === 'expire' ? 'error' : 'success'}
                    onClick={(e) => {
                      e.stopPropagation();
                      setConfirming({ voucher: v, action });
                    }}
                    aria-label={`${t(action === 'expire' ? 'app.vouchers.mark_expired' : 'app.vouchers.unexpire')}: ${v.voucher_code}`}
                  >
                    {t(action === 'expire' ? 'app.vouchers.mark_expired' : 'app.vouchers.unexpire')}
                  </Button>
                )}
              </Box>
            );
          }}
        />
      </ListTable>
      {viewing && <VoucherDetailsDialog voucher={viewing} onClose={() => setViewing(null)} />}
      {adding && (
        <AddVouchersDialog
          brands={[...new Set(stats.map((s) => s.voucher_brand))].sort((a, b) => a.localeCompare(b))}
          onClose={() => setAdding(false)}
          onCreated={(created, duplicates) => {
            setAdding(false);
            setBanner({ severity: 'success', message: creationMessage(created, duplicates) });
            refresh();
          }}
        />
      )}
      <Confirm
        isOpen={confirming !== null}
        loading={updating}
        title={confirming?.action === 'unexpire' ? 'app.vouchers.unexpire' : 'app.vouchers.mark_expired'}
        content={
          confirming?.action === 'unexpire' ? 'app.vouchers.confirm_unexpire' : 'app.vouchers.confirm_expire'
        }
        confirm={confirming?.action === 'unexpire' ? 'app.vouchers.unexpire' : 'app.vouchers.mark_expired'}
        onConfirm={changeStatus}
        onClose={() => setConfirming(null)}
      />
    </>
  );
}

/** /admin/vouchers. */
export function VoucherList() {
  return (
    <ListBase
      resource="vouchers"
      perPage={20}
      sort={{ field: 'created_at', order: 'DESC' }}
      debounce={500}
      exporter={exporter}
    >
      <VouchersView />
    </ListBase>
  );
}
