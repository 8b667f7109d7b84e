import OfferIcon from '@mui/icons-material/LocalOffer';
import type { AdminOfferRow } from '../../../shared/contract/admin/offers';
import { OfferList } from './offer-list';

export default {
  list: OfferList,
  icon: OfferIcon,
  recordRepresentation: (o: AdminOfferRow) => o.title || 'Untitled Offer',
};
