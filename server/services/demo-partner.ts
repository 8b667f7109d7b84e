// What the demo partner's pages read (demo mode): the clicked offer and its network's configuration.
export { findClickedOffer } from '../db/repositories/clicks';
export { findNetworkById } from '../db/repositories/networks';
