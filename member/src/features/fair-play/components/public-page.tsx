import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BRAND } from '../../../config/constants';
import { paths } from '../../../config/paths';
import { LogoMark } from '../../../components/ui/icons';
import { PageHead } from '../../../components/ui/page-head';
import { SupportContact } from '../../../components/support-contact';

const FOOTER = [
  { to: paths.rules.getHref(), label: 'Official Rules' },
  { to: paths.terms.getHref(), label: 'Terms of Service' },
  { to: paths.privacy.getHref(), label: 'Privacy Policy' },
  { to: paths.help.getHref(), label: 'Help' },
];

/**
 * The public pages' frame (rules, terms, privacy, help): readable without signing in, so no member
 * shell; the brand leads home, and every page ends with the others and the support contact.
 */
export function PublicPage({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  return (
    <div className="shell public-page">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <div className="topbar__inner">
          <Link to={paths.home.getHref()} className="brand" aria-label={`${BRAND} home`}>
            <LogoMark size={34} />
            <span className="brand__name">{BRAND}</span>
          </Link>
        </div>
      </header>
      <main id="main" className="main public-page__main" tabIndex={-1}>
        <div className="page">
          <PageHead title={title} subtitle={subtitle} />
          {children}
        </div>
      </main>
      <footer className="public-page__footer">
        <nav aria-label="Legal and help">
          <ul className="public-page__links">
            {FOOTER.map((l) => (
              <li key={l.to}>
                <Link to={l.to}>{l.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <SupportContact />
      </footer>
    </div>
  );
}

/** A titled section of a public page. */
export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="card public-section" aria-labelledby={`${id}-title`} id={id}>
      <h2 id={`${id}-title`} className="card-title">
        {title}
      </h2>
      {children}
    </section>
  );
}
