import type { ReactNode } from 'react';

/**
 * A member page's heading: its title, the line under it, and the page's own actions beside them (the
 * dashboard's Refresh). The server's app shell writes the same markup before the page's code has
 * loaded (server/lib/member-pages.ts), so the two must stay alike.
 */
export function PageHead({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children?: ReactNode;
}) {
  return (
    <div className="page-head">
      <div>
        <h1 className="page-title">{title}</h1>
        <p className="page-subtitle">{subtitle}</p>
      </div>
      {children}
    </div>
  );
}
