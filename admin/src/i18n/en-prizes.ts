// The console's words for honest prizes at stock-out (docs/product-rules.md#spins): the prize
// editor's stock per amount, its warning before a tier with no stock goes live, the expected voucher
// cost against the payout, and the needs-attention item for owed vouchers. Each is asked for as
// `app.prizes.<key>` with this text as polyglot's default (`prizeText`), so it can move into en.ts as is.
export const enPrizes = {
  in_stock: '%{n} code in stock |||| %{n} codes in stock',
  no_stock: 'No codes in stock',
  stock_loading: 'Checking stock...',
  cost_title: 'Expected voucher cost per completion',
  cost_line: '%{cost} per completion with this table; %{now} with the codes in stock now',
  payout_line: 'The offer pays %{payout} per completion (average of its conversions)',
  payout_none: 'No conversions yet to compare with the payout',
  cost_over_payout: 'The vouchers cost more than the offer pays',
  no_stock_warning:
    'No codes in stock for %{amounts}: once this offer is live, members cannot win that prize (its chance becomes no prize) until you add codes of that amount in Vouchers.',
  owed_item:
    '%{amount}: won vouchers owed: %{n}, to %{members} member(s), since %{since}. Add %{amount} codes: they are assigned automatically, oldest first',
};

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** `app.prizes.<key>` through react-admin's translate, this file's text when en.ts has none. */
export function prizeText(t: Translate, key: keyof typeof enPrizes, options: Record<string, unknown> = {}) {
  return t(`app.prizes.${key}`, { _: enPrizes[key], ...options });
}
