import ClaimIcon from '@mui/icons-material/ContactSupport';
import type { AdminClaimRow } from '../../../shared/contract/admin/claims';
import { ClaimList } from './claim-list';

export default {
  list: ClaimList,
  icon: ClaimIcon,
  recordRepresentation: (c: AdminClaimRow) => `#${c.claim_id} ${c.offer_title}`,
};
