import ClaimIcon from '@mui/icons-material/ContactSupport';
import type { AdminClaimRow } from '../../../shared/contract/admin/claims';
import { ClaimList } from './claim-list';
import { ClaimShow } from './claim-show';

export default {
  list: ClaimList,
  show: ClaimShow,
  icon: ClaimIcon,
  recordRepresentation: (c: AdminClaimRow) => `#${c.claim_id} ${c.offer_title}`,
};
