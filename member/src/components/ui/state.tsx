import type { ReactNode } from 'react';
import { Button } from './button';

export function EmptyState({
  icon,
  title,
  children,
}: {
  icon?: ReactNode;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className="state state--empty">
      {icon ? <div className="state__icon">{icon}</div> : null}
      <h3 className="state__title">{title}</h3>
      {children ? <div className="state__text">{children}</div> : null}
    </div>
  );
}

export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div className="state state--error" role="alert">
      <h3 className="state__title">We couldn't load this</h3>
      <p className="state__text">{message}</p>
      {onRetry ? (
        <Button variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      ) : null}
    </div>
  );
}
