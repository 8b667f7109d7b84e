import { Navigate, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';

/** '/': to /login?ref={code} when ref is present, else /login. */
export function LandingRoute() {
  const [params] = useSearchParams();
  return <Navigate to={paths.login.getHref(params.get('ref'))} replace />;
}
