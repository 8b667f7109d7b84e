// What the demo partner's pages read (demo mode): the clicked offer and its network's configuration.
export { findClickedOffer } from '../offers/clicks-repository';
export { findNetworkById } from '../networks/repository';
