import styled from 'styled-components';
import { Stars } from '../../components/Stars';
import { Avatar, Skeleton } from '../../components/ui';
import { formatTime, initials } from '../../lib/format';
import { useReviews } from '../../lib/queries';
import { Section } from './styles';

/** The seller's reviews under the listing (nothing when they cannot be loaded). */
export function SellerReviews({ sellerId }: { sellerId: string }) {
  const { data: reviews, error } = useReviews(sellerId);
  if (error) return null;
  return (
    <Section aria-labelledby="seller-reviews">
      <h2 id="seller-reviews">Seller Reviews</h2>
      {!reviews ? (
        <Skeleton $height="60px" />
      ) : reviews.length === 0 ? (
        <p className="muted">No reviews yet</p>
      ) : (
        <ReviewList>
          {reviews.map((review) => (
            <li key={review.id}>
              <ReviewHead>
                <Avatar $size={34}>{initials(review.reviewer.firstName, review.reviewer.lastName)}</Avatar>
                <div>
                  <strong>
                    {review.reviewer.firstName} {review.reviewer.lastName}
                  </strong>
                  <Stars rating={review.rating} label={`${review.rating} out of 5 stars`} />
                </div>
                <time dateTime={review.createdAt}>{formatTime(review.createdAt)}</time>
              </ReviewHead>
              {review.comment && <p>{review.comment}</p>}
            </li>
          ))}
        </ReviewList>
      )}
    </Section>
  );
}

const ReviewList = styled.ul`
  display: flex;
  flex-direction: column;
  gap: 12px;
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    padding: 14px;
    border-radius: var(--radius-sm);
    background: var(--surface);
    border: 1px solid var(--border);
  }
  p {
    margin-top: 8px;
    font-size: 0.92rem;
  }
`;

const ReviewHead = styled.div`
  display: flex;
  align-items: center;
  gap: 10px;
  strong {
    display: block;
    font-size: 0.92rem;
  }
  time {
    margin-left: auto;
    font-size: 0.8rem;
    color: var(--muted);
  }
`;
