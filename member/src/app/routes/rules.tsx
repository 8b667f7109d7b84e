import { RulesView } from '../../features/fair-play/components/rules-view';

/** /rules: the official rules, public (issue 37). */
export function RulesRoute() {
  return <RulesView />;
}
