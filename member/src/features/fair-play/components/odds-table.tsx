import { formatRupees } from '../../../../../shared/format';

interface Odds {
  prizes: { amount: number; percent: number }[];
  try_again: number;
}

const percent = (n: number) => `${n.toLocaleString('en-IN', { maximumFractionDigits: 2 })}%`;

/** A table's odds: each prize with its chance, then 'Try again' (the rest of 100). */
export function OddsTable({ odds, caption, testId }: { odds: Odds; caption: string; testId?: string }) {
  return (
    <table className="odds-table" data-testid={testId}>
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Prize</th>
          <th scope="col">Chance per spin</th>
        </tr>
      </thead>
      <tbody>
        {odds.prizes.map((p) => (
          <tr key={p.amount}>
            <th scope="row">{formatRupees(p.amount)} voucher</th>
            <td>{percent(p.percent)}</td>
          </tr>
        ))}
        <tr>
          <th scope="row">Try again (no prize)</th>
          <td>{percent(odds.try_again)}</td>
        </tr>
      </tbody>
    </table>
  );
}
