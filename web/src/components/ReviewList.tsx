/** A seller's reviews: reviewer avatar and name (linking to their profile), star rating, date, comment, and the seller's answer. */
import { useLingui } from '@lingui/react/macro';
import type { Review } from '@vnmarket/proto/auth';
import { Link } from '../lib/router';
import styled from 'styled-components';
import { initials } from '../lib/format';
import { formatDay, fullName, profilePath } from '../lib/users';
import { ReviewAnswerForm, ReviewAnswerShown } from './ReviewAnswer';
import { Stars } from './Stars';
import { Avatar, CenteredMessage, Skeleton } from './ui';

/** `headingLevel`: of its empty and failed states, one below the heading it sits under (2 where none is). */
export function ReviewList({
  reviews,
  error,
  total,
  headingLevel = 3,
  answerable = false,
}: {
  reviews: Review[] | undefined;
  error?: unknown;
  total?: number;
  headingLevel?: 2 | 3;
  /** The reader is the reviewed seller: an unanswered review offers its one answer. */
  answerable?: boolean;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { t } = useLingui();
  const ratedLabel = (rating: number) => t`Rated ${rating} out of 5 stars`;
  if (error) {
    return (
      <CenteredMessage role="alert">
        <Heading>{t`Failed to load reviews`}</Heading>
      </CenteredMessage>
    );
  }
  if (!reviews) {
    return (
      <List aria-hidden="true">
        {[1, 2, 3].map((row) => (
          <Skeleton key={row} $height="84px" />
        ))}
      </List>
    );
  }
  if (reviews.length === 0) {
    return (
      <Empty>
        <Heading>{t`No reviews yet`}</Heading>
      </Empty>
    );
  }
  const moreText = (count: number, totalCount: number) => t`Showing the ${count} most recent of ${totalCount} reviews.`;
  return (
    <>
      <List data-testid="review-list">
        {reviews.map((review) => {
          const name = fullName(review.reviewer);
          return (
            <Item key={review.id} data-testid="review">
              <Head>
                <Avatar $size={40}>
                  {review.reviewer.profileImageUrl ? (
                    <img src={review.reviewer.profileImageUrl} alt="" />
                  ) : (
                    <span aria-hidden="true">{initials(review.reviewer.firstName, review.reviewer.lastName)}</span>
                  )}
                </Avatar>
                <Who>
                  <Link to={profilePath(review.reviewer.id)}>{name}</Link>
                  <Stars rating={review.rating} label={ratedLabel(review.rating)} />
                </Who>
                <time dateTime={review.createdAt}>{formatDay(review.createdAt)}</time>
              </Head>
              {review.comment && <Comment>{review.comment}</Comment>}
              {review.answer ? <ReviewAnswerShown answer={review.answer} /> : answerable && <ReviewAnswerForm review={review} />}
            </Item>
          );
        })}
      </List>
      {total !== undefined && total > reviews.length && <More>{moreText(reviews.length, total)}</More>}
    </>
  );
}

const List = styled.ul`
  display: flex;
  flex-direction: column;
  gap: 12px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Item = styled.li`
  padding: 16px;
  border: 1px solid var(--border);
  border-radius: var(--radius);
  background: var(--surface);
`;

const Head = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  time {
    margin-left: auto;
    align-self: flex-start;
    flex: none;
    font-size: 0.85rem;
    color: var(--muted);
  }
`;

const Who = styled.div`
  display: flex;
  flex-direction: column;
  gap: 2px;
  min-width: 0;
  a {
    font-weight: 600;
    color: var(--text);
    text-decoration: none;
    overflow-wrap: anywhere;
    &:hover {
      text-decoration: underline;
    }
  }
`;

const Comment = styled.p`
  margin-top: 10px;
  white-space: pre-line;
  overflow-wrap: anywhere;
`;

const Empty = styled(CenteredMessage)`
  padding: 32px 16px;
`;

const More = styled.p`
  margin-top: 12px;
  font-size: 0.9rem;
  color: var(--muted);
`;
