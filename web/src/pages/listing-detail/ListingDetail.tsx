/**
 * Listing detail (/listing/{id}), for signed-in members (a visitor is sent to /login): the gallery with
 * thumbnails, the summary with what the viewer can do (the owner edits; anyone else messages or calls,
 * saves, reports), the description and the category's details, the seller card and the seller's reviews.
 */
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from '../../lib/router';
import styled from 'styled-components';
import { BackIcon } from '../../components/Icons';
import { MessageModal } from '../../components/MessageModal';
import { ReportDialog } from '../../components/ReportDialog';
import { ButtonLink, CenteredMessage, Container } from '../../components/ui';
import { media } from '../../lib/breakpoints';
import { useAuth } from '../../lib/hooks';
import { useListing } from '../../lib/listings';
import { useSaved } from '../../lib/saved';
import { useDocumentTitle } from '../../lib/document-title';
import { DetailSkeleton } from './DetailSkeleton';
import { Gallery } from './Gallery';
import { ListingActions } from './ListingActions';
import { ListingDetails } from './ListingDetails';
import { ListingSummary } from './ListingSummary';
import { SellerCard } from './SellerCard';
import { SellerReviews } from './SellerReviews';
import { Columns, Page } from './styles';
import { ModerationNotice } from '../../components/ModerationNotice';
import { SoldBanner } from '../../components/ListingLifecycle';

export default function ListingDetail() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { user, isLoading: authLoading, isAuthenticated, memberDataEnabled } = useAuth();
  const { data: listing, error } = useListing(memberDataEnabled ? id : undefined);
  useDocumentTitle(listing?.title);
  const { data: saved } = useSaved(memberDataEnabled);
  const [reportOpen, setReportOpen] = useState(false);
  const [messageOpen, setMessageOpen] = useState(false);
  const { t } = useLingui();

  // A signed-out visitor is sent to /login.
  useEffect(() => {
    if (!authLoading && !isAuthenticated) void navigate('/login', { replace: true });
  }, [authLoading, isAuthenticated, navigate]);

  if (authLoading || !isAuthenticated) return <DetailSkeleton />;
  if (error) {
    return (
      <Container>
        <CenteredMessage role="alert">
          <h1 style={{ fontSize: '1.5rem', color: 'var(--text)' }}>{t`Listing not found`}</h1>
          <p>{t`It may have been removed by its seller.`}</p>
          <ButtonLink to="/">{t`Browse Listings`}</ButtonLink>
        </CenteredMessage>
      </Container>
    );
  }
  if (!listing) return <DetailSkeleton />;

  const isOwner = user?.id === listing.userId;
  const isSaved = Boolean(saved?.some((item) => item.listingId === listing.id));
  const seller = listing.user;

  return (
    <Page>
      <BackLink to="/">
        <BackIcon size={16} /> {t`Back to listings`}
      </BackLink>
      <SoldBanner listing={listing} />
      {isOwner && <ModerationNotice listing={listing} />}
      <Columns>
        <Left>
          <Ordered $order={1}>
            <Gallery listing={listing} />
          </Ordered>
          <Ordered $order={3}>
            <ListingDetails listing={listing} />
          </Ordered>
        </Left>

        <Aside>
          <ListingSummary
            listing={listing}
            order={2}
            actions={
              <ListingActions
                listing={listing}
                isOwner={isOwner}
                isSaved={isSaved}
                onMessage={() => setMessageOpen(true)}
                onReport={() => setReportOpen(true)}
              />
            }
          />
          {seller && <SellerCard seller={seller} isOwner={isOwner} order={4} />}
          <Ordered $order={5}>
            <SellerReviews sellerId={listing.userId} />
          </Ordered>
        </Aside>
      </Columns>

      {!isOwner && seller && user && (
        <>
          <ReportDialog key={String(reportOpen)} listingId={listing.id} open={reportOpen} onClose={() => setReportOpen(false)} />
          <MessageModal open={messageOpen} onClose={() => setMessageOpen(false)} currentUserId={user.id} seller={seller} listing={listing} />
        </>
      )}
    </Page>
  );
}

const BackLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  margin-bottom: 16px;
  font-size: 0.92rem;
  color: var(--muted);
  text-decoration: none;
  &:hover {
    color: var(--text);
  }
`;

const Left = styled.div`
  display: contents;
  ${media.desktop} {
    display: block;
    > * + * {
      margin-top: 24px;
    }
  }
`;

const Ordered = styled.div<{ $order: number }>`
  order: ${({ $order }) => $order};
  min-width: 0;
`;

const Aside = styled.div`
  display: contents;
  ${media.desktop} {
    display: flex;
    flex-direction: column;
    gap: 16px;
    min-width: 0;
  }
`;
