import type { ReactNode } from 'react';

export function StatCard({
  label,
  value,
  icon,
  tone = 'violet',
  hint,
}: {
  label: string;
  value: ReactNode;
  icon?: ReactNode;
  tone?: 'violet' | 'pink' | 'green' | 'amber' | 'blue';
  hint?: ReactNode;
}) {
  return (
    <div className={`stat-card stat-card--${tone}`}>
      {icon ? <div className="stat-card__icon">{icon}</div> : null}
      <div className="stat-card__body">
        <p className="stat-card__value">{value}</p>
        <p className="stat-card__label">{label}</p>
        {hint ? <p className="stat-card__hint">{hint}</p> : null}
      </div>
    </div>
  );
}
