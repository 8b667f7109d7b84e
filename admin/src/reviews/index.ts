import ReviewIcon from '@mui/icons-material/GppMaybe';
import type { AdminReviewRow } from '../../../shared/contract/admin/reviews';
import { ReviewList } from './review-list';
import { ReviewShow } from './review-show';

export default {
  list: ReviewList,
  show: ReviewShow,
  icon: ReviewIcon,
  recordRepresentation: (h: AdminReviewRow) => `#${h.hold_id} ${h.offer_title ?? h.kind}`,
};
