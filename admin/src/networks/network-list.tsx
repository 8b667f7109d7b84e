import { Box, Button, Chip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import LogIcon from '@mui/icons-material/ReceiptLong';
import { DataTable, ListBase, useBasename, useRedirect, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { AdminNetworkRow } from '../../../shared/contract/admin/networks';
import { formatDateTime } from '../../../shared/format';
import { FilterCard } from '../components/filter-card';
import { SearchFilter, SelectFilter } from '../components/filters';
import { actionsColumn, ListTable } from '../components/list-shell';
import { PageHeader } from '../components/page-header';
import { ActivationSwitch } from '../components/activation-switch';
import { RowActionButton, TwoLineCell } from '../components/table-cells';
import { translatedChoices } from '../lib/choices';
import { formatCount } from '../lib/format';
import { RecordLink } from '../components/record-links';

type Row = AdminNetworkRow & { id: number };

/** The Active switch: asks first, with a reason, and offers Undo (ActivationSwitch). */
function ActiveToggle({ network }: { network: Row }) {
  return (
    <ActivationSwitch
      kind="network"
      record={network}
      id={network.network_id}
      name={network.name}
      isActive={network.is_active}
    />
  );
}

function NetworksView() {
  const t = useTranslate();
  const redirect = useRedirect();
  const navigate = useNavigate();
  const basename = useBasename();
  const logOf = (n: Row) =>
    navigate(
      `${basename}/postbacks?filter=${encodeURIComponent(JSON.stringify({ network_id: String(n.network_id) }))}`,
    );
  return (
    <>
      <PageHeader
        title={t('app.networks.title')}
        subtitle={t('app.networks.subtitle')}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => redirect('create', 'networks')}>
            {t('app.networks.add')}
          </Button>
        }
      />
      <FilterCard>
        <SearchFilter placeholder={t('app.networks.search')} />
        <SelectFilter
          source="status"
          label={t('app.filters.status')}
          choices={translatedChoices(t, 'app.networks.status', ['all', 'active', 'inactive'])}
        />
      </FilterCard>
      <ListTable
        loading={t('app.networks.loading')}
        noun={t('app.networks.noun')}
        emptyMessage={t('app.networks.empty')}
        rowClick="edit"
      >
        <DataTable.Col
          label={t('app.networks.columns.name')}
          source="name"
          render={(n: Row) => (
            <TwoLineCell
              bold
              primary={
                <RecordLink kind="network" id={n.network_id}>
                  {n.name}
                </RecordLink>
              }
              secondary={n.slug}
            />
          )}
        />
        <DataTable.Col
          label={t('app.networks.columns.preset')}
          disableSort
          render={(n: Row) => <Chip size="small" variant="outlined" label={n.preset} />}
        />
        <DataTable.Col
          label={t('app.networks.columns.secret')}
          disableSort
          render={(n: Row) => (
            <Box component="code" sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
              {n.secret_hint || t('app.networks.no_secret')}
            </Box>
          )}
        />
        <DataTable.Col
          label={t('app.networks.columns.offers')}
          disableSort
          align="right"
          render={(n: Row) => formatCount(n.offers_count)}
        />
        <DataTable.Col
          label={t('app.networks.columns.last_postback')}
          disableSort
          render={(n: Row) => (
            <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
              {n.last_postback_at ? formatDateTime(n.last_postback_at) : t('app.networks.never')}
            </Typography>
          )}
        />
        <DataTable.Col
          label={t('app.networks.columns.last_24h')}
          disableSort
          render={(n: Row) => (
            <TwoLineCell
              primary={t('app.networks.accepted_n', { n: formatCount(n.postbacks_24h.accepted) })}
              secondary={t('app.networks.refused_n', { n: formatCount(n.postbacks_24h.refused) })}
            />
          )}
        />
        <DataTable.Col
          label={t('app.columns.actions')}
          {...actionsColumn}
          render={(n: Row) => (
            <Box
              sx={{ display: 'flex', alignItems: 'center', whiteSpace: 'nowrap' }}
              onClick={(e) => e.stopPropagation()}
            >
              <ActiveToggle network={n} />
              <RowActionButton
                label={t('app.networks.edit')}
                target={n.name}
                icon={EditIcon}
                onClick={() => redirect('edit', 'networks', n.network_id)}
              />
              <RowActionButton
                label={t('app.networks.view_log')}
                target={n.name}
                icon={LogIcon}
                onClick={() => logOf(n)}
              />
            </Box>
          )}
        />
      </ListTable>
    </>
  );
}

/** /admin/networks. */
export function NetworkList() {
  return (
    <ListBase resource="networks" perPage={20} sort={{ field: 'created_at', order: 'DESC' }} debounce={500}>
      <NetworksView />
    </ListBase>
  );
}
