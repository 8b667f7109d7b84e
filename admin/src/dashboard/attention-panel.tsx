import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Link,
  List,
  ListItem,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Link as RouterLink } from 'react-router-dom';
import { useBasename, useTranslate } from 'react-admin';
import { useState, type ReactNode } from 'react';
import type { AdminAttentionResponse, AdminStockRow } from '../../../shared/contract/admin/attention';
import type { AMOUNT_RANGES } from '../../../shared/constants';
import { formatDate, formatPercent, formatRupees } from '../../../shared/format';
import { ErrorState, PageLoading } from '../components/page-states';
import { useAttention } from './use-attention';
import { prizeText } from '../i18n/en-prizes';
import { ageOf } from '../claims/claim-list';

/** A list page of the console with react-admin's filter in the URL. */
export function listLink(basename: string, resource: string, filter: Record<string, unknown>): string {
  return `${basename}/${resource}?filter=${encodeURIComponent(JSON.stringify(filter))}`;
}

/** The vouchers list's amount range holding `amount` (it has no exact-amount filter). */
export function amountRange(amount: number): (typeof AMOUNT_RANGES)[number] {
  if (amount <= 50) return '0-50';
  if (amount <= 100) return '51-100';
  if (amount <= 500) return '101-500';
  if (amount <= 1000) return '501-1000';
  return '1001+';
}

interface Item {
  key: string;
  text: string;
  to: string;
  severity: 'error' | 'warning';
}

/**
 * The flagged items, by section, in the order of their impact on members (issue 36): prizes owed and
 * stock-outs, claims waiting (oldest first, with their age), held rewards, reversals, refused postbacks,
 * win-rate drift, then codes expiring (one line per brand). Their total is the menu's count.
 */
export function attentionItems(
  data: AdminAttentionResponse,
  basename: string,
  t: (key: string, options?: Record<string, unknown>) => string,
  now = Date.now(),
): { section: string; items: Item[] }[] {
  // Held rewards waiting for review (issue 33's queue; its count comes with this call).
  const held: Item[] =
    data.reviews.waiting > 0
      ? [
          {
            key: 'reviews',
            severity: 'warning',
            to: listLink(basename, 'reviews', { status: 'held' }),
            text: t(
              data.reviews.waiting === 1 ? 'app.reviews.attention_item_one' : 'app.reviews.attention_item',
              {
                n: data.reviews.waiting,
                age: data.reviews.oldest_at ? ageOf(data.reviews.oldest_at, now) : '—',
              },
            ),
          },
        ]
      : [];
  // Members who did an offer and were not credited: each of the oldest, then the whole list.
  const claims: Item[] = data.claims.oldest.map((c) => ({
    key: `claim-${c.claim_id}`,
    severity: 'warning',
    to: `${basename}/claims/${c.claim_id}/show`,
    text: t('app.attention.claim_item', {
      id: c.claim_id,
      name: c.user_name,
      offer: c.offer_title,
      age: ageOf(c.created_at, now),
    }),
  }));
  if (data.claims.waiting > data.claims.oldest.length)
    claims.push({
      key: 'claims-all',
      severity: 'warning',
      to: listLink(basename, 'claims', { status: 'pending' }),
      text: t('app.attention.claims_all', { smart_count: data.claims.waiting }),
    });
  const winRates: Item[] = [];
  for (const w of data.winRates) {
    const to =
      w.offer_id === null
        ? listLink(basename, 'vouchers', { assignment_filter: 'free_spin_rewards' })
        : listLink(basename, 'offers', { search: w.title });
    for (const a of w.amounts.filter((x) => x.flagged))
      winRates.push({
        key: `rate-${w.offer_id}-${a.amount}`,
        severity: 'warning',
        to,
        text: t('app.attention.win_rate_item', {
          title: w.title,
          amount: formatRupees(a.amount),
          observed: formatPercent(a.observed),
          spins: w.spins,
          low: formatPercent(a.low),
          high: formatPercent(a.high),
          configured: formatPercent(a.configured),
        }),
      });
    if (w.cost_flagged)
      winRates.push({
        key: `cost-${w.offer_id}`,
        severity: 'error',
        to,
        text: t('app.attention.cost_item', {
          title: w.title,
          cost: formatRupees(w.cost_per_spin),
          payout: formatRupees(w.payout_inr),
        }),
      });
  }
  // Wins owed a code (docs/product-rules.md#spins): assigned automatically, oldest first, at the next
  // restock of the amount; the item leads to the stock of that amount.
  const owed: Item[] = data.stock
    .filter((s) => (s.owed ?? 0) > 0)
    .map((s) => ({
      key: `owed-${s.amount}`,
      severity: 'error',
      to: listLink(basename, 'vouchers', { amount_range: amountRange(s.amount) }),
      text: prizeText(t, 'owed_item', {
        amount: formatRupees(s.amount),
        n: s.owed,
        members: s.owed_members ?? 0,
        since: s.owed_since ? formatDate(s.owed_since) : '',
      }),
    }));
  const stockItems: Item[] = data.stock
    .filter((s) => s.flagged)
    .map((s) => ({
      key: `stock-${s.amount}`,
      severity: s.available === 0 || s.stock_outs7d > 0 ? 'error' : 'warning',
      to: listLink(basename, 'vouchers', { status: 'available', amount_range: amountRange(s.amount) }),
      text: [
        t('app.attention.stock_item', {
          amount: formatRupees(s.amount),
          available: s.available,
          perDay: s.wins_per_day,
        }),
        s.available === 0
          ? t('app.attention.no_stock')
          : s.days_left !== null
            ? t('app.attention.days_left', { days: s.days_left })
            : null,
        s.stock_outs7d > 0
          ? t('app.attention.stock_outs', { n: s.stock_outs7d, members: s.members_missed7d })
          : null,
      ]
        .filter(Boolean)
        .join(' · '),
    }));
  // One line per brand, whatever its amounts (the list opens on the brand's expiring codes).
  const expiring: Item[] = data.expiring.map((e) => ({
    key: `expiring-${e.brand}`,
    severity: 'warning',
    to: listLink(basename, 'vouchers', {
      status: 'available',
      brand: e.brand,
      expiry_filter: 'expiring_soon',
    }),
    text: t('app.attention.expiring_item', {
      brand: e.brand,
      amounts: e.amounts.map((a) => formatRupees(a)).join(', '),
      codes: e.codes,
      smart_count: e.codes,
      date: formatDate(e.first_expiry),
    }),
  }));
  const reversals: Item[] = data.reversals.members.map((m) => ({
    key: `reversals-${m.user_id}`,
    severity: m.held_at ? 'error' : 'warning',
    to: listLink(basename, 'conversions', { status: 'reversed', search: m.email }),
    text:
      t('app.attention.reversals_item', {
        name: m.name || m.email,
        n: m.reversals,
        days: data.reversals.days,
      }) + (m.held_at ? ` (${t('app.attention.held')})` : ''),
  }));
  const refused: Item[] = data.refusedPostbacks.map((r) => ({
    key: `refused-${r.network_id ?? 'native'}`,
    severity: 'warning',
    to: listLink(basename, 'postbacks', {
      result: 'refused',
      ...(r.network_id !== null ? { network_id: r.network_id } : {}),
    }),
    text: t('app.attention.refused_item', { network: r.network, n: r.refused }),
  }));
  const referrals: Item[] =
    data.heldReferrals > 0
      ? [
          {
            key: 'referrals',
            severity: 'warning',
            to: listLink(basename, 'referrals', { status: 'needs_review' }),
            text: t('app.attention.referrals_item', { n: data.heldReferrals }),
          },
        ]
      : [];
  return [
    { section: t('app.attention.stock'), items: [...owed, ...stockItems] },
    { section: t('app.attention.claims'), items: claims },
    { section: t('app.reviews.attention_section'), items: [...held, ...referrals] },
    { section: t('app.attention.reversals'), items: reversals },
    { section: t('app.attention.refused'), items: refused },
    { section: t('app.attention.win_rates'), items: winRates },
    { section: t('app.attention.expiring'), items: expiring },
  ].filter((s) => s.items.length > 0);
}

function Details({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Accordion disableGutters variant="outlined" sx={{ mt: 1 }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Typography variant="subtitle2" component="h3">
          {title}
        </Typography>
      </AccordionSummary>
      <AccordionDetails sx={{ overflowX: 'auto' }}>{children}</AccordionDetails>
    </Accordion>
  );
}

function WinRateTable({ data }: { data: AdminAttentionResponse }) {
  const t = useTranslate();
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('app.attention.monitor_subtitle', { n: data.window })}
      </Typography>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{t('app.attention.col_offer')}</TableCell>
            <TableCell align="right">{t('app.attention.col_spins')}</TableCell>
            <TableCell align="right">{t('app.attention.col_amount')}</TableCell>
            <TableCell align="right">{t('app.attention.col_configured')}</TableCell>
            <TableCell align="right">{t('app.attention.col_observed')}</TableCell>
            <TableCell align="right">{t('app.attention.col_cost')}</TableCell>
            <TableCell align="right">{t('app.attention.col_payout')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.winRates.flatMap((w) =>
            w.amounts.map((a, i) => (
              <TableRow key={`${w.offer_id}-${a.amount}`}>
                <TableCell>{i === 0 ? w.title : ''}</TableCell>
                <TableCell align="right">{i === 0 ? w.spins : ''}</TableCell>
                <TableCell align="right">{formatRupees(a.amount)}</TableCell>
                <TableCell align="right">{formatPercent(a.configured)}</TableCell>
                <TableCell align="right">
                  {`${formatPercent(a.observed)} (${formatPercent(a.low)}–${formatPercent(a.high)})`}
                  {a.flagged && (
                    <Chip size="small" color="warning" label={t('app.attention.flag')} sx={{ ml: 1 }} />
                  )}
                </TableCell>
                <TableCell align="right">
                  {i === 0
                    ? `${formatRupees(w.cost_per_spin)} / ${formatRupees(w.expected_cost_per_spin)}`
                    : ''}
                </TableCell>
                <TableCell align="right">
                  {i === 0 ? (w.payout_inr === null ? '—' : formatRupees(w.payout_inr)) : ''}
                </TableCell>
              </TableRow>
            )),
          )}
        </TableBody>
      </Table>
    </>
  );
}

function StockTable({ rows }: { rows: AdminStockRow[] }) {
  const t = useTranslate();
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          <TableCell>{t('app.attention.col_amount')}</TableCell>
          <TableCell>{t('app.attention.col_brands')}</TableCell>
          <TableCell align="right">{t('app.attention.col_available')}</TableCell>
          <TableCell align="right">{t('app.attention.col_per_day')}</TableCell>
          <TableCell align="right">{t('app.attention.col_days_left')}</TableCell>
          <TableCell align="right">{t('app.attention.col_stock_outs')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((s) => (
          <TableRow key={s.amount}>
            <TableCell>{formatRupees(s.amount)}</TableCell>
            <TableCell>{s.brands.map((b) => `${b.brand} ${b.available}`).join(' · ') || '—'}</TableCell>
            <TableCell align="right">{s.available}</TableCell>
            <TableCell align="right">{s.wins_per_day}</TableCell>
            <TableCell align="right">
              {s.days_left === null ? t('app.attention.no_demand') : s.days_left}
            </TableCell>
            <TableCell align="right">
              {s.stock_outs7d > 0 ? `${s.stock_outs7d} (${s.members_missed7d})` : 0}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** A section shows its first SECTION_ITEMS items; the rest behind a button. */
export const SECTION_ITEMS = 5;

function Section({ title, items }: { title: string; items: Item[] }) {
  const t = useTranslate();
  const [all, setAll] = useState(false);
  const shown = all ? items : items.slice(0, SECTION_ITEMS);
  return (
    <Box component="section" aria-label={title} sx={{ mb: 1 }}>
      <Typography variant="subtitle2" component="h3">
        {title}
      </Typography>
      <List dense disablePadding>
        {shown.map((item) => (
          <ListItem key={item.key} disableGutters sx={{ py: 0.25 }}>
            <Alert severity={item.severity} sx={{ width: '100%', py: 0 }} icon={false}>
              <Link component={RouterLink} to={item.to} color="inherit">
                {item.text}
              </Link>
            </Alert>
          </ListItem>
        ))}
      </List>
      {items.length > SECTION_ITEMS && (
        <Button size="small" onClick={() => setAll(!all)} aria-expanded={all}>
          {all
            ? t('app.attention.show_less')
            : t('app.attention.show_more', { smart_count: items.length - SECTION_ITEMS })}
        </Button>
      )}
    </Box>
  );
}

/** The dashboard's one needs-attention panel: every flagged item links to the list it is about. */
export function AttentionPanel() {
  const t = useTranslate();
  const basename = useBasename();
  const { data, isPending, error, refetch } = useAttention();
  let body: ReactNode;
  if (isPending) body = <PageLoading message={t('app.attention.loading')} />;
  else if (error || !data) body = <ErrorState error={error} onRetry={() => refetch()} />;
  else {
    const sections = attentionItems(data, basename, t);
    body = (
      <>
        {sections.length === 0 ? (
          <Alert severity="success">{t('app.attention.all_clear')}</Alert>
        ) : (
          sections.map((s) => <Section key={s.section} title={s.section} items={s.items} />)
        )}
        {data.winRates.length > 0 && (
          <Details title={t('app.attention.monitor_title')}>
            <WinRateTable data={data} />
          </Details>
        )}
        {data.stock.length > 0 && (
          <Details title={t('app.attention.stock_title')}>
            <StockTable rows={data.stock} />
          </Details>
        )}
      </>
    );
  }
  return (
    <Card component="section" aria-labelledby="needs-attention" sx={{ mb: 2 }}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
          <Typography id="needs-attention" variant="h6" component="h2">
            {t('app.attention.title')}
          </Typography>
          {data && data.count > 0 && (
            <Chip
              size="small"
              color="warning"
              label={data.count}
              title={t('app.attention.menu_count', { smart_count: data.count })}
            />
          )}
        </Box>
        {body}
      </CardContent>
    </Card>
  );
}
