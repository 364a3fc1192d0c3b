import { useLingui } from '@lingui/react/macro';
import { ReviewList } from '../../components/ReviewList';
import { useReviews } from '../../lib/reviews';
import { Section } from './styles';

/** The seller's reviews under the listing, as their profile shows them (nothing when they cannot be loaded). */
export function SellerReviews({ sellerId }: { sellerId: string }) {
  const { data: reviews, error } = useReviews(sellerId);
  const { t } = useLingui();
  if (error) return null;
  return (
    <Section aria-labelledby="seller-reviews">
      <h2 id="seller-reviews">{t`Seller Reviews`}</h2>
      <ReviewList reviews={reviews} />
    </Section>
  );
}
