import OfferIcon from '@mui/icons-material/LocalOffer';
import type { AdminOfferRow } from '../../../shared/contract/admin/offers';
import { OfferList } from './offer-list';
import { OfferShow } from './offer-show';

export default {
  show: OfferShow,
  list: OfferList,
  icon: OfferIcon,
  recordRepresentation: (o: AdminOfferRow) => o.title || 'Untitled Offer',
};
