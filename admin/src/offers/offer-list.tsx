import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import OpenIcon from '@mui/icons-material/OpenInNew';
import CasinoIcon from '@mui/icons-material/Casino';
import OfferIcon from '@mui/icons-material/LocalOffer';
import ActiveIcon from '@mui/icons-material/CheckCircle';
import ConversionIcon from '@mui/icons-material/TaskAlt';
import RevenueIcon from '@mui/icons-material/Payments';
import { useState } from 'react';
import { DataTable, ExportButton, ListBase, useListContext, useNotify, useTranslate } from 'react-admin';
import type { AdminOfferRow } from '../../../shared/contract/admin/offers';
import { formatDate, formatRupees } from '../../../shared/format';
import { parseSlotConfig, type SlotConfig } from '../../../shared/slot';
import { FilterCard } from '../components/filter-card';
import { ChoiceSelect, SearchFilter, SelectFilter, SortSelect } from '../components/filters';
import { actionsColumn, ListTable } from '../components/list-shell';
import { RowActionButton, RowActionsMenu, TwoLineCell } from '../components/table-cells';
import { PageHeader } from '../components/page-header';
import { ActivationSwitch } from '../components/activation-switch';
import { StatCard, StatGrid } from '../components/stat-card';
import { dateRangeChoices, translatedChoices } from '../lib/choices';
import { csvExporter } from '../lib/csv';
import { categoryLabel, formatCount, formatPayout, hostOf } from '../lib/format';
import {
  categoryChoices,
  modelChoices,
  offerSortChoices,
  PERFORMANCE_SHORTCUTS,
  statusChoices,
} from './offer-choices';
import { OfferFormDialog } from './offer-form-dialog';
import { RecordLink } from '../components/record-links';

type Row = AdminOfferRow & { id: number };

const exporter = csvExporter<Row>('offers', [
  'offer_id',
  'title',
  'external_offer_id',
  'category',
  'model',
  'targeting',
  'reward_amount',
  'is_active',
  'offer_url',
  'preview_url',
  'slot_config',
  'network_id',
  'network_name',
  'total_completions',
  'unique_users',
  'total_revenue',
  'created_at',
]);

/** The per-row Active switch: asks first, with a reason, and offers Undo (ActivationSwitch). */
function ToggleActive({ offer }: { offer: Row }) {
  return (
    <ActivationSwitch
      kind="offer"
      record={offer}
      id={offer.offer_id}
      name={offer.title || 'Untitled Offer'}
      isActive={offer.is_active}
      size="small"
    />
  );
}

function SlotConfigDialog({
  config,
  title,
  onClose,
}: {
  config: SlotConfig;
  title: string;
  onClose: () => void;
}) {
  const t = useTranslate();
  const total = config.reels.reduce((s, r) => s + r.probability, 0);
  return (
    <Dialog open onClose={onClose} aria-labelledby="slot-title" maxWidth="xs" fullWidth>
      <DialogTitle id="slot-title">{t('app.offers.slot_title', { title })}</DialogTitle>
      <DialogContent dividers>
        {config.reels.map((r, i) => (
          <Box key={i} sx={{ display: 'flex', justifyContent: 'space-between', py: 0.5 }}>
            <Typography>{formatRupees(r.amount)}</Typography>
            <Typography>{`${r.probability}%`}</Typography>
          </Box>
        ))}
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {t('app.offers.form.try_again', { chance: Math.max(0, 100 - total) })}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('app.actions.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

function QuickFilters() {
  const t = useTranslate();
  const { setFilters, setSort, displayedFilters } = useListContext();
  return (
    <Box
      sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', width: '100%' }}
      role="group"
      aria-label={t('app.offers.quick.label')}
    >
      <Button
        size="small"
        variant="outlined"
        onClick={() => {
          setSort({ field: 'total_completions', order: 'DESC' });
          setFilters({ status: 'active' }, displayedFilters);
        }}
      >
        {t('app.offers.quick.top_performing')}
      </Button>
      <Button size="small" variant="outlined" onClick={() => setFilters({ model: 'CPR' }, displayedFilters)}>
        {t('app.offers.quick.cpr')}
      </Button>
      <Button size="small" variant="outlined" onClick={() => setFilters({ model: 'CPA' }, displayedFilters)}>
        {t('app.offers.quick.cpa')}
      </Button>
      <Button
        size="small"
        variant="outlined"
        onClick={() => {
          setSort({ field: 'created_at', order: 'DESC' });
          setFilters({ status: 'active' }, displayedFilters);
        }}
      >
        {t('app.offers.quick.recent')}
      </Button>
      <Button
        size="small"
        onClick={() => {
          setSort({ field: 'created_at', order: 'DESC' });
          setFilters({}, {});
        }}
      >
        {t('app.filters.reset')}
      </Button>
    </Box>
  );
}

function PerformanceSelect() {
  const t = useTranslate();
  const { setSort } = useListContext();
  const [value, setValue] = useState('');
  return (
    <ChoiceSelect
      label={t('app.offers.performance.label')}
      value={value}
      choices={translatedChoices(t, 'app.offers.performance', Object.keys(PERFORMANCE_SHORTCUTS))}
      onChange={(id) => {
        setValue(id);
        const sort = PERFORMANCE_SHORTCUTS[id];
        if (sort) setSort(sort);
      }}
    />
  );
}

function OffersView() {
  const t = useTranslate();
  const notify = useNotify();
  const { data, total, isPending } = useListContext<Row>();
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  const [slot, setSlot] = useState<{ config: SlotConfig; title: string } | null>(null);
  const rows = data ?? [];
  // Total Offers from the pagination total; the other three over the current page only.
  const active = rows.filter((o) => o.is_active).length;
  const completions = rows.reduce((s, o) => s + (Number(o.total_completions) || 0), 0);
  const revenue = rows.reduce((s, o) => s + (Number(o.total_revenue) || 0), 0);

  const showSlot = (o: Row) => {
    if (o.slot_config === null || o.slot_config === undefined)
      return notify('app.offers.no_slot_config', { type: 'info' });
    const config = parseSlotConfig(o.slot_config);
    if (!config) return notify('app.offers.invalid_slot_config', { type: 'error' });
    setSlot({ config, title: o.title || 'Untitled Offer' });
  };
  const openUrl = (o: Row) => {
    if (!o.offer_url) return notify('app.offers.no_offer_url', { type: 'warning' });
    window.open(o.offer_url, '_blank', 'noopener,noreferrer');
  };

  return (
    <>
      <PageHeader
        title={t('app.offers.title')}
        actions={
          <>
            <ExportButton />
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
              {t('app.offers.add')}
            </Button>
          </>
        }
      />
      <StatGrid columns={4}>
        <StatCard
          loading={isPending}
          label={t('app.offers.summary.total')}
          value={formatCount(total)}
          icon={<OfferIcon />}
        />
        <StatCard
          loading={isPending}
          label={t('app.offers.summary.active')}
          value={formatCount(active)}
          icon={<ActiveIcon />}
          color="success.main"
          hint={t('app.offers.summary.this_page')}
        />
        <StatCard
          loading={isPending}
          label={t('app.offers.summary.completions')}
          value={formatCount(completions)}
          icon={<ConversionIcon />}
          color="info.main"
          hint={t('app.offers.summary.this_page')}
        />
        <StatCard
          loading={isPending}
          label={t('app.offers.summary.revenue')}
          value={formatPayout(revenue)}
          icon={<RevenueIcon />}
          color="success.dark"
          hint={t('app.offers.summary.this_page')}
        />
      </StatGrid>
      <FilterCard>
        <QuickFilters />
        <SearchFilter placeholder={t('app.offers.search')} />
        <SelectFilter source="status" label={t('app.filters.status')} choices={statusChoices(t)} />
        <SelectFilter source="category" label={t('app.filters.category')} choices={categoryChoices(t)} />
        <SelectFilter source="model" label={t('app.filters.model')} choices={modelChoices(t)} />
        <SelectFilter source="dateRange" label={t('app.filters.date_range')} choices={dateRangeChoices(t)} />
        <SortSelect label={t('app.filters.sort')} choices={offerSortChoices(t)} />
        <PerformanceSelect />
      </FilterCard>
      <ListTable
        loading={t('app.offers.loading')}
        noun={t('app.offers.noun')}
        emptyMessage={t('app.offers.empty')}
        // A click on a row opens its edit dialog.
        rowClick={(_id, _resource, o) => {
          setEditing(o as Row);
          return false;
        }}
      >
        <DataTable.Col
          label={t('app.offers.columns.title')}
          source="title"
          sortByOrder="DESC"
          render={(o: Row) => (
            <Box sx={{ minWidth: 160, maxWidth: 200 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                <RecordLink kind="offer" id={o.offer_id}>
                  {o.title || 'Untitled Offer'}
                </RecordLink>
              </Typography>
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }} noWrap>
                {o.description || 'No description'}
              </Typography>
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }} noWrap>
                {`${o.external_offer_id} · ${hostOf(o.offer_url)}`}
              </Typography>
            </Box>
          )}
        />
        <DataTable.Col
          // Category, model, targeting and network in one column: at 1280 px every column counts.
          label={t('app.offers.columns.category_model')}
          source="category"
          sortByOrder="DESC"
          render={(o: Row) => (
            <Box sx={{ minWidth: 110 }}>
              <Chip size="small" variant="outlined" label={categoryLabel(o.category)} />
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.25 }}>
                {`${o.model} · ${o.targeting}`}
              </Typography>
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                {o.network_id ? (
                  <RecordLink kind="network" id={o.network_id}>
                    {o.network_name ?? `#${o.network_id}`}
                  </RecordLink>
                ) : (
                  t('app.offers.native_postback')
                )}
              </Typography>
            </Box>
          )}
        />
        <DataTable.Col
          label={t('app.offers.columns.reward')}
          source="reward_amount"
          sortByOrder="DESC"
          align="right"
          render={(o: Row) => formatRupees(o.reward_amount)}
        />
        <DataTable.Col
          label={t('app.offers.columns.completions')}
          source="total_completions"
          sortByOrder="DESC"
          align="right"
          render={(o: Row) => (
            <TwoLineCell
              primary={formatCount(o.total_completions)}
              secondary={t('app.offers.unique_users', { n: formatCount(o.unique_users) })}
            />
          )}
        />
        <DataTable.Col
          label={t('app.offers.columns.revenue')}
          disableSort
          align="right"
          // Money in one currency: the USD payouts and their rupee value, the vouchers' cost and the margin.
          render={(o: Row) => (
            // Three short lines rather than a long one cut anywhere: revenue (USD · ₹), cost, margin.
            <Box sx={{ whiteSpace: 'nowrap' }}>
              <Typography variant="body2">{`${formatPayout(o.total_revenue)} · ${formatRupees(o.revenue_inr)}`}</Typography>
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                {t('app.money.cost_line', { cost: formatRupees(o.voucher_cost) })}
              </Typography>
              <Typography
                variant="caption"
                sx={{ display: 'block', fontWeight: 600 }}
                color={Number(o.margin_inr) < 0 ? 'error.main' : 'text.secondary'}
              >
                {t('app.money.margin_line', { margin: formatRupees(o.margin_inr) })}
              </Typography>
            </Box>
          )}
        />
        <DataTable.Col
          label={t('app.offers.columns.status')}
          disableSort
          render={(o: Row) => (
            // The switch is the status (and changes it); the added date may wrap.
            <Box sx={{ minWidth: 96 }}>
              <Box sx={{ display: 'flex', alignItems: 'center', ml: -1 }}>
                <ToggleActive offer={o} />
                <Typography
                  variant="body2"
                  sx={{ fontWeight: 600 }}
                  color={o.is_active ? 'success.dark' : 'text.secondary'}
                >
                  {o.is_active ? t('app.offers.status.active') : t('app.offers.status.inactive')}
                </Typography>
              </Box>
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                {t('app.offers.added_on', { date: formatDate(o.created_at) })}
              </Typography>
            </Box>
          )}
        />
        <DataTable.Col
          label={t('app.columns.actions')}
          {...actionsColumn}
          render={(o: Row) => (
            <Box sx={{ display: 'flex', alignItems: 'center' }}>
              <RowActionButton
                label={t('app.offers.edit')}
                target={o.title}
                icon={EditIcon}
                onClick={() => setEditing(o)}
              />
              <RowActionsMenu
                target={o.title}
                actions={[
                  { label: t('app.offers.view_slot'), icon: CasinoIcon, onClick: () => showSlot(o) },
                  { label: t('app.offers.open_url'), icon: OpenIcon, onClick: () => openUrl(o) },
                ]}
              />
            </Box>
          )}
        />
      </ListTable>
      {editing && (
        <OfferFormDialog offer={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      {slot && <SlotConfigDialog config={slot.config} title={slot.title} onClose={() => setSlot(null)} />}
    </>
  );
}

/** /admin/offers. */
export function OfferList() {
  return (
    <ListBase
      resource="offers"
      perPage={20}
      sort={{ field: 'created_at', order: 'DESC' }}
      debounce={500}
      exporter={exporter}
    >
      <OffersView />
    </ListBase>
  );
}
