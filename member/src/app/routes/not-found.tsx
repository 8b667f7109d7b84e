import { Link, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { ArrowLeftIcon, LogoMark } from '../../components/ui/icons';
import { SupportContact } from '../../components/support-contact';

/** 404 page: 'Page Not Found', links to the dashboard and rewards, and Go Back. */
export function NotFoundRoute() {
  const navigate = useNavigate();
  return (
    <main className="not-found">
      <LogoMark size={56} />
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 className="not-found__title">Page Not Found</h1>
      <p className="not-found__text">
        Oops! The page you're looking for doesn't exist. It might have been moved or deleted.
      </p>
      <div className="not-found__actions">
        <Link className="btn btn--primary btn--md" to={paths.dashboard.getHref()}>
          Go to Dashboard
        </Link>
        <Link className="btn btn--secondary btn--md" to={paths.rewards.getHref()}>
          View Rewards
        </Link>
        <button type="button" className="btn btn--ghost btn--md" onClick={() => navigate(-1)}>
          <ArrowLeftIcon size={18} /> Go Back
        </button>
      </div>
      <p className="not-found__help">
        Still lost? Contact our support team and we'll help you find your way.
      </p>
      <SupportContact className="not-found__help" lead="Support:" />
      <p className="not-found__help">
        <Link to={paths.help.getHref()}>Help</Link> · <Link to={paths.rules.getHref()}>Official Rules</Link>
      </p>
    </main>
  );
}
