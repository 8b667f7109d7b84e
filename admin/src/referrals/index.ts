import ReferralIcon from '@mui/icons-material/Share';
import type { AdminReferralRow } from '../../../shared/contract/admin/referrals';
import { ReferralList } from './referral-list';

export default {
  list: ReferralList,
  icon: ReferralIcon,
  recordRepresentation: (r: AdminReferralRow) => `${r.referrer_name} → ${r.referred_name}`,
};
