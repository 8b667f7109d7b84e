import { Box, Card, CardContent, Typography, useTheme } from '@mui/material';
import { useTranslate } from 'react-admin';
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
import type { AdminDashboardResponse } from '../../../shared/contract/admin/dashboard';
import { formatDate } from '../../../shared/format';
import { formatPayout } from '../lib/format';

/** An addition to the product's dashboard: conversions (bars) and revenue (line) per day, last 30 days. */
export function DashboardChart({ data }: { data: AdminDashboardResponse['dailyConversions'] }) {
  const t = useTranslate();
  const theme = useTheme();
  const rows = (data ?? []).map((d) => ({ ...d, label: formatDate(d.day).replace(/ \d{4}$/, '') }));
  const total = rows.reduce((s, r) => s + r.conversions, 0);
  return (
    <Card sx={{ mb: 2 }} component="section" aria-labelledby="chart-title">
      <CardContent>
        <Typography id="chart-title" variant="h6" component="h2">
          {t('app.dashboard.chart_title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('app.dashboard.chart_subtitle', { total })}
        </Typography>
        {rows.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
            {t('app.dashboard.chart_empty')}
          </Typography>
        ) : (
          <Box sx={{ width: '100%', height: 280 }} role="img" aria-label={t('app.dashboard.chart_title')}>
            <ResponsiveContainer width="100%" height="100%" minWidth={200}>
              <ComposedChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="label" tick={{ fontSize: 12 }} interval="preserveStartEnd" minTickGap={16} />
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
