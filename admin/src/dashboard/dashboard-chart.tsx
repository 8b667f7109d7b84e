import {
  Box,
  Card,
  CardContent,
  LinearProgress,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
  useTheme,
} from '@mui/material';
import { useStore, useTranslate } from 'react-admin';
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { AdminDashboardResponse, DashboardRange } from '../../../shared/contract/admin/dashboard';
import { DASHBOARD_RANGES, DEFAULT_DASHBOARD_RANGE } from '../../../shared/constants';
import { formatDate } from '../../../shared/format';
import { formatPayout } from '../lib/format';

const STORE_KEY = 'dashboard.chartDays';

/**
 * The chart's range, kept in react-admin's store (the browser's local storage), so a reload keeps
 * it; a stored value that is not one of the ranges reads as the default, 30 days.
 */
export function useChartRange(): [DashboardRange, (days: DashboardRange) => void] {
  const [stored, setStored] = useStore<string>(STORE_KEY, DEFAULT_DASHBOARD_RANGE);
  const days = DASHBOARD_RANGES.find((r) => r === stored) ?? DEFAULT_DASHBOARD_RANGE;
  return [days, setStored];
}

/**
 * An addition to the product's dashboard: conversions (bars) and revenue (line) per day over the
 * last `days` days, with the range's toggle in its header. `loading`: another range is on its way;
 * the chart shown stays, under a thin progress bar.
 */
export function DashboardChart({
  data,
  days,
  onDaysChange,
  loading = false,
}: {
  data: AdminDashboardResponse['dailyConversions'];
  days: DashboardRange;
  onDaysChange: (days: DashboardRange) => void;
  loading?: boolean;
}) {
  const t = useTranslate();
  const theme = useTheme();
  const rows = (data ?? []).map((d) => ({ ...d, label: formatDate(d.day).replace(/ \d{4}$/, '') }));
  const total = rows.reduce((s, r) => s + r.conversions, 0);
  const title = t('app.dashboard.chart_title_days', { days });
  // Past a month, one label a week, counted back from today (the last day), so they never crowd.
  const weekly = rows.length > 31 ? rows.filter((_, i) => (rows.length - 1 - i) % 7 === 0) : null;
  return (
    <Card sx={{ mb: 2, position: 'relative' }} component="section" aria-labelledby="chart-title">
      {loading && (
        <LinearProgress
          aria-label={t('app.dashboard.chart_loading')}
          sx={{ position: 'absolute', top: 0, left: 0, right: 0, height: 2 }}
        />
      )}
      <CardContent>
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'flex-start',
            justifyContent: 'space-between',
            columnGap: 2,
            rowGap: 1,
            mb: 1,
          }}
        >
          <Box>
            <Typography id="chart-title" variant="h6" component="h2">
              {title}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('app.dashboard.chart_subtitle', { total })}
            </Typography>
          </Box>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={days}
            // A click on the chosen range would unselect it: the range stays.
            onChange={(_, value: DashboardRange | null) => value && onDaysChange(value)}
            aria-label={t('app.dashboard.chart_range')}
          >
            {DASHBOARD_RANGES.map((r) => (
              <ToggleButton key={r} value={r} sx={{ px: 1.5, py: 0.25, textTransform: 'none' }}>
                {t('app.dashboard.chart_range_days', { days: r })}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Box>
        {rows.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
            {t('app.dashboard.chart_empty_days', { days })}
          </Typography>
        ) : (
          <Box
            sx={{ width: '100%', height: 280, opacity: loading ? 0.6 : 1, transition: 'opacity 150ms' }}
            role="img"
            aria-label={title}
            aria-busy={loading}
          >
            <ResponsiveContainer width="100%" height="100%" minWidth={200}>
              {/* Keyed by the number of days shown: a new range draws afresh instead of morphing the
                  old range's points into the new ones (recharts animates from the previous data). */}
              <ComposedChart key={rows.length} data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                {weekly ? (
                  <XAxis
                    dataKey="label"
                    tick={{ fontSize: 12 }}
                    ticks={weekly.map((r) => r.label)}
                    interval={0}
                  />
                ) : (
                  <XAxis
                    dataKey="label"
                    tick={{ fontSize: 12 }}
                    interval="preserveStartEnd"
                    minTickGap={16}
                  />
                )}
                <YAxis yAxisId="left" allowDecimals={false} tick={{ fontSize: 12 }} width={40} />
                <YAxis
                  yAxisId="right"
                  orientation="right"
                  tick={{ fontSize: 12 }}
                  width={56}
                  tickFormatter={(v: number) => formatPayout(v).replace(/\.00$/, '')}
                />
                <Tooltip
                  formatter={(value, name) =>
                    name === t('app.dashboard.revenue') ? formatPayout(value as number) : value
                  }
                />
                <Legend />
                <Bar
                  yAxisId="left"
                  dataKey="conversions"
                  name={t('app.dashboard.conversions')}
                  fill={theme.palette.primary.main}
                  radius={[4, 4, 0, 0]}
                />
                <Line
                  yAxisId="right"
                  dataKey="revenue"
                  name={t('app.dashboard.revenue')}
                  stroke="#e07a1f"
                  strokeWidth={2}
                  dot={false}
                  type="monotone"
                />
              </ComposedChart>
            </ResponsiveContainer>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
