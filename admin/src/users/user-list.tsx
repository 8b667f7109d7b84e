import { Avatar, Box, Chip, Typography } from '@mui/material';
import PeopleIcon from '@mui/icons-material/People';
import ActiveIcon from '@mui/icons-material/HowToReg';
import FirebaseIcon from '@mui/icons-material/LocalFireDepartment';
import ShareIcon from '@mui/icons-material/Share';
import BlockIcon from '@mui/icons-material/Block';
import ViewIcon from '@mui/icons-material/Visibility';
import { useState } from 'react';
import {
  BulkActionsToolbar,
  DataTable,
  ExportButton,
  ListBase,
  useListContext,
  useTranslate,
} from 'react-admin';
import type { AdminUserRow, AdminUsersResponse } from '../../../shared/contract/admin/users';
import { formatDate, initials } from '../../../shared/format';
import { FilterCard } from '../components/filter-card';
import { SearchFilter, SelectFilter, SortSelect } from '../components/filters';
import { actionsColumn, ListTable, tintedRow } from '../components/list-shell';
import { RowActionButton, TwoLineCell } from '../components/table-cells';
import { PageHeader } from '../components/page-header';
import { StatCard, StatGrid } from '../components/stat-card';
import { csvExporter } from '../lib/csv';
import { formatCount, formatPayout, fullName, underscoreToSpace } from '../lib/format';
import { BlockToggleButton, BulkBlockButtons } from './block-buttons';
import { dateRangeChoices } from '../lib/choices';
import { performanceChoices, referralChoices, userSortChoices, voucherChoices } from './user-choices';
import { UserDetailDialog } from './user-detail-dialog';
import { UserStatusBadge } from './user-status-badge';
import { RecordLink } from '../components/record-links';

type Row = AdminUserRow & { id: number };

const exporter = csvExporter<Row>('users', [
  'user_id',
  'first_name',
  'last_name',
  'email',
  'registration_date',
  'registration_method',
  'last_activity',
  'referred_by_code',
  'total_completions',
  'total_vouchers_won',
  'total_revenue_generated',
  'successful_referrals',
  'total_referrals',
  'free_spins_remaining',
  'user_category',
  { header: 'status', value: (u) => (u.is_suspicious ? 'Blocked' : 'Active') },
]);

function UsersView() {
  const t = useTranslate();
  const { meta, total, isPending, data } = useListContext<Row>();
  const summary = (meta as Partial<AdminUsersResponse> | undefined)?.summary;
  const [openId, setOpenId] = useState<number | null>(null);
  const openUser = data?.find((u) => u.user_id === openId) ?? null;

  return (
    <>
      <PageHeader
        title={t('app.users.title')}
        badge={
          <Chip
            color="primary"
            label={t('app.users.total_badge', { smart_count: total ?? 0, n: formatCount(total ?? 0) })}
          />
        }
        actions={<ExportButton />}
      />
      <StatGrid columns={5}>
        <StatCard
          loading={isPending}
          label={t('app.users.summary.total_users')}
          value={formatCount(summary?.total_users)}
          icon={<PeopleIcon />}
        />
        <StatCard
          loading={isPending}
          label={t('app.users.summary.active_users')}
          value={formatCount(summary?.active_users)}
          icon={<ActiveIcon />}
          color="success.main"
        />
        <StatCard
          loading={isPending}
          label={t('app.users.summary.firebase_users')}
          value={formatCount(summary?.firebase_users)}
          icon={<FirebaseIcon />}
          color="#e07a1f"
        />
        <StatCard
          loading={isPending}
          label={t('app.users.summary.total_referrals')}
          value={formatCount(summary?.total_referrals)}
          icon={<ShareIcon />}
          color="info.main"
        />
        <StatCard
          loading={isPending}
          label={t('app.users.summary.blocked_users')}
          value={formatCount(summary?.flagged_users)}
          icon={<BlockIcon />}
          color="error.main"
        />
      </StatGrid>
      <FilterCard>
        <SearchFilter placeholder={t('app.users.search')} />
        <SelectFilter source="dateRange" label={t('app.filters.date_range')} choices={dateRangeChoices(t)} />
        <SelectFilter
          source="performanceFilter"
          label={t('app.users.performance.label')}
          choices={performanceChoices(t)}
        />
        <SelectFilter
          source="referralFilter"
          label={t('app.users.referral.label')}
          choices={referralChoices(t)}
        />
        <SelectFilter
          source="voucherFilter"
          label={t('app.users.voucher.label')}
          choices={voucherChoices(t)}
        />
        <SortSelect label={t('app.filters.sort')} choices={userSortChoices(t)} />
      </FilterCard>
      <ListTable
        loading={t('app.users.loading')}
        noun={t('app.users.noun')}
        emptyMessage={t('app.users.empty')}
        bulkActionButtons={<BulkBlockButtons />}
        bulkActionsToolbar={
          <BulkActionsToolbar selectAllButton={false} label="app.users.selected">
            <BulkBlockButtons />
          </BulkActionsToolbar>
        }
        rowSx={(u: Row) => (u.is_suspicious ? tintedRow('rgba(211, 47, 47, 0.04)') : {})}
        // A click on a row opens the member's details.
        rowClick={(_id, _resource, u) => {
          setOpenId((u as Row).user_id);
          return false;
        }}
        sx={{ '& td, & th': { px: 1 } }}
      >
        <DataTable.Col
          label={t('app.columns.user')}
          source="first_name"
          render={(u: Row) => (
            // At most 200 px: a long email breaks (at 1280 px the row fits without scrolling sideways).
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', minWidth: 160, maxWidth: 200 }}>
              <Avatar sx={{ width: 32, height: 32, fontSize: 13 }}>
                {initials(fullName(u.first_name, u.last_name))}
              </Avatar>
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  <RecordLink kind="member" id={u.user_id}>
                    {fullName(u.first_name, u.last_name)}
                  </RecordLink>
                </Typography>
                <Typography
                  variant="caption"
                  color="text.secondary"
                  component="div"
                  sx={{ overflowWrap: 'anywhere' }}
                >
                  {/* A long address breaks before its '@' rather than mid-word. */}
                  {u.email.includes('@') ? (
                    <>
                      {u.email.slice(0, u.email.indexOf('@'))}
                      <wbr />
                      {u.email.slice(u.email.indexOf('@'))}
                    </>
                  ) : (
                    u.email
                  )}
                </Typography>
              </Box>
            </Box>
          )}
        />
        <DataTable.Col
          label={t('app.columns.registered')}
          source="registration_date"
          sortByOrder="DESC"
          render={(u: Row) => (
            <Box>
              <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
                {formatDate(u.registration_date)}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {u.registration_method}
              </Typography>
            </Box>
          )}
        />
        <DataTable.Col
          // The revenue a member brought under their completions (sortable through the Sort select): the
          // row fits at 1280 px with its actions in view.
          label={t('app.columns.completions')}
          source="total_completions"
          sortByOrder="DESC"
          align="right"
          render={(u: Row) => (
            <TwoLineCell
              primary={String(u.total_completions)}
              secondary={t('app.users.revenue_line', { amount: formatPayout(u.total_revenue_generated) })}
            />
          )}
        />
        <DataTable.Col
          label={t('app.columns.vouchers_won')}
          source="total_vouchers_won"
          sortByOrder="DESC"
          align="right"
        />
        <DataTable.Col
          label={t('app.columns.referrals')}
          source="successful_referrals"
          sortByOrder="DESC"
          align="right"
          render={(u: Row) => `${u.successful_referrals} / ${u.total_referrals}`}
        />
        <DataTable.Col
          label={t('app.columns.status')}
          disableSort
          render={(u: Row) => (
            <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5 }}>
              <UserStatusBadge user={u} />
              <Typography variant="caption" color="text.secondary">
                {underscoreToSpace(u.user_category)}
              </Typography>
            </Box>
          )}
        />
        <DataTable.Col
          label={t('app.columns.actions')}
          {...actionsColumn}
          render={(u: Row) => (
            <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center' }}>
              <RowActionButton
                label={t('app.users.view')}
                target={u.email}
                icon={ViewIcon}
                onClick={() => setOpenId(u.user_id)}
              />
              <BlockToggleButton user={u} />
            </Box>
          )}
        />
      </ListTable>
      <UserDetailDialog key={openId ?? 'none'} user={openUser} onClose={() => setOpenId(null)} />
    </>
  );
}

/** /admin/users. */
export function UserList() {
  return (
    <ListBase
      resource="users"
      perPage={20}
      sort={{ field: 'registration_date', order: 'DESC' }}
      debounce={500}
      exporter={exporter}
    >
      <UsersView />
    </ListBase>
  );
}
