import type { ReactNode } from 'react';

export type BadgeTone = 'neutral' | 'violet' | 'green' | 'amber' | 'pink' | 'blue' | 'red';

export function Badge({
  tone = 'neutral',
  children,
  className,
}: {
  tone?: BadgeTone;
  children: ReactNode;
  className?: string;
}) {
  return <span className={`badge badge--${tone}${className ? ` ${className}` : ''}`}>{children}</span>;
}
