// The listing detail screen (./ListingDetail.tsx) and its parts: gallery, summary and actions, details, seller card, reviews.
export { default } from './ListingDetail';
