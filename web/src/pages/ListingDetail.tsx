/**
 * Listing detail (/listing/{id}): spec section 2. Signed-out visitors go to /login. Gallery with
 * thumbnails, details per category, seller card, counts, reviews; the owner gets Edit Listing, anyone
 * else the save heart, the report flag and Message Seller (or a tel link for phone-contact listings).
 */
import { thumbnailPathOf, type Listing, type Review, type SavedListing } from '@vnmarket/proto';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import styled from 'styled-components';
import useSWR, { mutate } from 'swr';
import { BackIcon, ChatIcon, EyeIcon, FlagIcon, HeartIcon, ImageIcon, PhoneIcon, PinIcon, ShieldIcon, StarIcon } from '../components/Icons';
import { MessageModal } from '../components/MessageModal';
import { ReportDialog } from '../components/ReportDialog';
import { useToast } from '../components/Toast';
import { Badge, Button, ButtonAnchor, ButtonLink, Card, CenteredMessage, Container, Skeleton, Avatar } from '../components/ui';
import { apiRequest } from '../lib/api';
import { CATEGORY_INFO, CONDITION_LABELS, METADATA_LABELS } from '../lib/catalog';
import { formatPhone, formatPrice, formatTime, initials, plural, titleCase } from '../lib/format';
import { SAVED_KEY, revalidateListings, useAuth, useFailureToast } from '../lib/hooks';
import { profilePath, REVIEWS_ANCHOR } from '../lib/users';

function Stars({ rating, label }: { rating: number; label?: string }) {
  return (
    <StarsRow role="img" aria-label={label ?? `${rating.toFixed(1)} out of 5 stars`}>
      {Array.from({ length: 5 }, (_, index) => (
        <span key={index} style={{ color: index < Math.round(rating) ? 'var(--accent)' : '#d6d3d1' }}>
          <StarIcon size={16} filled />
        </span>
      ))}
    </StarsRow>
  );
}

/** Category details: metadata rows, in a fixed order, with "none" dietary info hidden. */
function detailRows(listing: Listing): { label: string; value: string }[] {
  const rows: { label: string; value: string }[] = [];
  if (listing.condition) rows.push({ label: 'Condition', value: CONDITION_LABELS[listing.condition as keyof typeof CONDITION_LABELS] ?? titleCase(listing.condition) });
  for (const [key, raw] of Object.entries(listing.metadata ?? {})) {
    if (raw === null || raw === undefined || raw === '') continue;
    let value: string;
    if (typeof raw === 'boolean') {
      value = raw ? 'Yes' : 'No';
    } else if (Array.isArray(raw)) {
      const shown = raw.map(String).filter((item) => !(key === 'dietaryInfo' && item === 'none'));
      if (shown.length === 0) continue;
      value = shown.map((item) => (key === 'amenities' ? item : titleCase(item))).join(', ');
    } else if (typeof raw === 'number') {
      value = String(raw);
    } else {
      value = key === 'brand' || key === 'availability' || key === 'organizer' || key === 'eventTime' || key === 'duration' || key === 'eventDate' ? String(raw) : titleCase(String(raw));
    }
    rows.push({ label: METADATA_LABELS[key] ?? titleCase(key), value });
  }
  return rows;
}

function Gallery({ listing }: { listing: Listing }) {
  const [index, setIndex] = useState(0);
  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);
  const images = listing.images;
  const shown = Math.max(0, Math.min(index, images.length - 1));
  const current = images[shown];
  // Arrow keys (and Home/End) move between the thumbnails, showing each as focus lands on it.
  const onThumbKey = (event: KeyboardEvent<HTMLButtonElement>, position: number) => {
    const last = images.length - 1;
    const next = { ArrowRight: position + 1, ArrowDown: position + 1, ArrowLeft: position - 1, ArrowUp: position - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const target = next < 0 ? last : next > last ? 0 : next;
    setIndex(target);
    thumbs.current[target]?.focus();
  };
  return (
    <GalleryBox>
      <MainImage>
        {current ? (
          <img src={current} alt={`${listing.title} – photo ${shown + 1} of ${images.length}`} data-testid="gallery-main" />
        ) : (
          <Fallback role="img" aria-label="No photos for this listing" data-testid="gallery-fallback">
            <ImageIcon size={56} />
            <span>No photos yet</span>
          </Fallback>
        )}
      </MainImage>
      {images.length > 1 && (
        <Thumbs role="group" aria-label={`Photos (${images.length})`}>
          {images.map((image, position) => (
            <Thumb
              key={image}
              ref={(element) => {
                thumbs.current[position] = element;
              }}
              type="button"
              aria-label={`Show photo ${position + 1}`}
              aria-pressed={position === shown}
              $active={position === shown}
              onClick={() => setIndex(position)}
              onKeyDown={(event) => onThumbKey(event, position)}
            >
              <img src={thumbnailPathOf(image)} alt="" data-testid="gallery-thumb" />
            </Thumb>
          ))}
        </Thumbs>
      )}
    </GalleryBox>
  );
}

function Reviews({ sellerId }: { sellerId: string }) {
  const { data: reviews, error } = useSWR<Review[]>(`/api/users/${sellerId}/reviews`);
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

function DetailSkeleton() {
  return (
    <Page aria-busy="true">
      <Columns>
        <Skeleton $height="420px" $radius="12px" />
        <div style={{ display: 'flex', flexDirection: 'column', gap: 14 }}>
          <Skeleton $height="20px" $width="30%" />
          <Skeleton $height="34px" $width="80%" />
          <Skeleton $height="28px" $width="40%" />
          <Skeleton $height="120px" />
        </div>
      </Columns>
    </Page>
  );
}

export default function ListingDetail() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { user, isLoading: authLoading, isAuthenticated } = useAuth();
  const { data: listing, error } = useSWR<Listing>(isAuthenticated ? `/api/listings/${id}` : null);
  const { data: saved } = useSWR<SavedListing[]>(isAuthenticated ? SAVED_KEY : null);
  const [saving, setSaving] = useState(false);
  const [reportOpen, setReportOpen] = useState(false);
  const [messageOpen, setMessageOpen] = useState(false);
  const toast = useToast();
  const failed = useFailureToast();

  // Spec: a signed-out visitor is sent to /login.
  useEffect(() => {
    if (!authLoading && !isAuthenticated) navigate('/login', { replace: true });
  }, [authLoading, isAuthenticated, navigate]);

  if (authLoading || !isAuthenticated) return <DetailSkeleton />;
  if (error) {
    return (
      <Container>
        <CenteredMessage role="alert">
          <h1 style={{ fontSize: '1.5rem', color: 'var(--text)' }}>Listing not found</h1>
          <p>It may have been removed by its seller.</p>
          <ButtonLink to="/">Browse Listings</ButtonLink>
        </CenteredMessage>
      </Container>
    );
  }
  if (!listing) return <DetailSkeleton />;

  const isOwner = user?.id === listing.userId;
  const isSaved = Boolean(saved?.some((item) => item.listingId === listing.id));
  const seller = listing.user;
  const sellerName = seller ? `${seller.firstName} ${seller.lastName}` : 'Seller';
  const phoneContact = listing.contactPreference === 'phone' && seller?.phone ? seller.phone : undefined;
  const rows = detailRows(listing);

  const toggleSave = async () => {
    setSaving(true);
    try {
      await apiRequest(isSaved ? 'DELETE' : 'POST', `/api/listings/${listing.id}/save`);
      // The heart flips only after the server agreed: refetch the saved list (and the counts).
      await Promise.all([mutate(SAVED_KEY), revalidateListings()]);
      toast(isSaved ? { title: 'Listing Unsaved', description: 'Removed from your saved listings' } : { title: 'Listing Saved', description: 'Added to your saved listings' });
    } catch (saveError) {
      failed(saveError, { title: 'Error', description: 'Failed to save listing' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Page>
      <BackLink to="/">
        <BackIcon size={16} /> Back to listings
      </BackLink>
      <Columns>
        <Left>
          <Ordered $order={1}>
            <Gallery listing={listing} />
          </Ordered>
          <Ordered $order={3}>
            <Section aria-labelledby="listing-description">
              <h2 id="listing-description">Description</h2>
              <Description>{listing.description}</Description>
            </Section>
            {rows.length > 0 && (
              <Section aria-labelledby="listing-details">
                <h2 id="listing-details">Details</h2>
                <Details>
                  {rows.map((row) => (
                    <div key={row.label}>
                      <dt>{row.label}</dt>
                      <dd>{row.value}</dd>
                    </div>
                  ))}
                </Details>
              </Section>
            )}
          </Ordered>
        </Left>

        <Aside>
          <Summary $order={2}>
            <Badge $tone="primary">{CATEGORY_INFO[listing.category].label}</Badge>
            <Title>{listing.title}</Title>
            <Location>
              <PinIcon size={16} /> {listing.location}
            </Location>
            <Price data-testid="listing-price">{formatPrice(listing.price, listing.priceType)}</Price>
            {listing.condition && <Badge>{CONDITION_LABELS[listing.condition as keyof typeof CONDITION_LABELS] ?? titleCase(listing.condition)}</Badge>}
            <Stats>
              <span>
                <EyeIcon size={15} /> {plural(listing.viewCount, 'view')}
              </span>
              <span>
                <HeartIcon size={15} /> {plural(listing.saveCount, 'save')}
              </span>
              <span>Posted {formatTime(listing.createdAt)}</span>
            </Stats>
            <Controls>
              {isOwner ? (
                <ButtonLink to={`/listing/${listing.id}/edit`} block>
                  Edit Listing
                </ButtonLink>
              ) : (
                <>
                  {phoneContact ? (
                    <ButtonAnchor href={`tel:${phoneContact}`} block>
                      <PhoneIcon size={18} /> Call {formatPhone(phoneContact)}
                    </ButtonAnchor>
                  ) : (
                    <Button block onClick={() => setMessageOpen(true)} disabled={!seller}>
                      <ChatIcon size={18} /> Message Seller
                    </Button>
                  )}
                  <IconRow>
                    <Button variant="outline" block aria-pressed={isSaved} aria-label={isSaved ? 'Unsave listing' : 'Save listing'} disabled={saving} onClick={() => void toggleSave()} data-testid="save-button">
                      <span style={{ color: isSaved ? 'var(--primary)' : undefined, display: 'inline-flex' }}>
                        <HeartIcon size={18} filled={isSaved} />
                      </span>
                      {isSaved ? 'Saved' : 'Save'}
                    </Button>
                    <Button variant="outline" block aria-label="Report listing" onClick={() => setReportOpen(true)}>
                      <FlagIcon size={18} /> Report
                    </Button>
                  </IconRow>
                </>
              )}
            </Controls>
          </Summary>

          {seller && (
            <SellerCard aria-labelledby="seller-name" $order={4}>
              <SellerHead>
                {/* The avatar repeats the name's link for pointers only: one stop for the keyboard and screen readers. */}
                <SellerAvatarLink to={profilePath(seller.id)} tabIndex={-1} aria-hidden="true">
                  <Avatar $size={52}>{seller.profileImageUrl ? <img src={seller.profileImageUrl} alt="" /> : initials(seller.firstName, seller.lastName)}</Avatar>
                </SellerAvatarLink>
                <div>
                  <h2 id="seller-name">
                    <SellerProfileLink to={profilePath(seller.id)} data-testid="seller-profile-link">
                      {sellerName}
                    </SellerProfileLink>
                  </h2>
                  {seller.isVerified && (
                    <Badge $tone="success">
                      <ShieldIcon size={13} /> Verified
                    </Badge>
                  )}
                </div>
              </SellerHead>
              <RatingRow>
                <Stars rating={Number(seller.averageRating)} />
                <span>
                  {Number(seller.averageRating).toFixed(1)} ({plural(seller.reviewCount, 'review')})
                </span>
              </RatingRow>
              {seller.createdAt && <p className="muted">Member since {new Date(seller.createdAt).getFullYear()}</p>}
              <SellerLinks>
                <ButtonLink to={profilePath(seller.id)} variant="outline">
                  View Profile
                </ButtonLink>
                <ButtonLink to={`${profilePath(seller.id)}#${REVIEWS_ANCHOR}`} variant="outline" data-testid="seller-reviews-link">
                  {isOwner ? 'Reviews' : 'Write a review'}
                </ButtonLink>
              </SellerLinks>
            </SellerCard>
          )}
          <Ordered $order={5}>
            <Reviews sellerId={listing.userId} />
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

const Page = styled(Container)`
  padding-top: 20px;
  padding-bottom: 56px;
  .muted {
    color: var(--muted);
    font-size: 0.9rem;
  }
`;

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

/**
 * Phones read gallery, title and price, description, seller, reviews; wide screens put the summary,
 * seller and reviews in a right-hand column. Left and Aside dissolve into one ordered column on phones.
 */
const Columns = styled.div`
  display: flex;
  flex-direction: column;
  gap: 20px;
  @media (min-width: 960px) {
    display: grid;
    grid-template-columns: minmax(0, 1.55fr) minmax(0, 1fr);
    gap: 24px;
    align-items: start;
  }
`;

const Left = styled.div`
  display: contents;
  @media (min-width: 960px) {
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

const GalleryBox = styled.div`
  display: flex;
  flex-direction: column;
  gap: 10px;
`;

const MainImage = styled.div`
  overflow: hidden;
  aspect-ratio: 4 / 3;
  border-radius: var(--radius);
  background: var(--subtle);
  border: 1px solid var(--border);
  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

const Fallback = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 8px;
  width: 100%;
  height: 100%;
  color: #a8a29e;
  background: linear-gradient(135deg, #f3efec, #e9e2dc);
  font-weight: 500;
`;

const Thumbs = styled.div`
  display: flex;
  gap: 8px;
  overflow-x: auto;
  /* Room for the focus ring inside the scrolling strip. */
  padding: 4px;
  margin: -4px;
`;

const Thumb = styled.button<{ $active: boolean }>`
  flex: none;
  width: 76px;
  height: 76px;
  padding: 0;
  overflow: hidden;
  border-radius: var(--radius-sm);
  border: 3px solid ${({ $active }) => ($active ? 'var(--primary)' : 'transparent')};
  background: var(--subtle);
  cursor: pointer;
  opacity: ${({ $active }) => ($active ? 1 : 0.8)};
  &:hover {
    opacity: 1;
  }
  &:focus-visible {
    outline: 2px solid var(--primary);
    outline-offset: 2px;
  }
  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

const Section = styled.section`
  margin-top: 24px;
  &:first-child {
    margin-top: 0;
  }
  h2 {
    margin-bottom: 10px;
    font-size: 1.15rem;
    font-weight: 700;
  }
`;

const Description = styled.p`
  white-space: pre-line;
  overflow-wrap: anywhere;
`;

const Details = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(180px, 1fr));
  gap: 12px;
  margin: 0;
  div {
    padding: 12px 14px;
    border-radius: var(--radius-sm);
    background: var(--surface);
    border: 1px solid var(--border);
  }
  dt {
    font-size: 0.8rem;
    color: var(--muted);
  }
  dd {
    margin: 2px 0 0;
    font-weight: 600;
    overflow-wrap: anywhere;
  }
`;

const Aside = styled.div`
  display: contents;
  @media (min-width: 960px) {
    display: flex;
    flex-direction: column;
    gap: 16px;
    min-width: 0;
  }
`;

const Summary = styled(Card)<{ $order: number }>`
  order: ${({ $order }) => $order};
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: 10px;
  padding: 20px;
`;

const Title = styled.h1`
  font-size: 1.5rem;
  line-height: 1.25;
  font-weight: 750;
  overflow-wrap: anywhere;
`;

const Location = styled.p`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  color: var(--muted);
`;

const Price = styled.p`
  font-size: 1.7rem;
  font-weight: 800;
  color: var(--primary);
`;

const Stats = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 6px 16px;
  font-size: 0.85rem;
  color: var(--muted);
  span {
    display: inline-flex;
    align-items: center;
    gap: 5px;
  }
`;

const Controls = styled.div`
  display: flex;
  flex-direction: column;
  gap: 10px;
  width: 100%;
  margin-top: 6px;
`;

const IconRow = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 10px;
`;

const SellerCard = styled(Card).attrs({ as: 'section' })<{ $order: number }>`
  order: ${({ $order }) => $order};
  padding: 20px;
  h2 {
    font-size: 1.05rem;
    font-weight: 700;
    margin-bottom: 4px;
  }
`;

const SellerAvatarLink = styled(Link)`
  text-decoration: none;
`;

const SellerProfileLink = styled(Link)`
  color: inherit;
  text-decoration: none;
  overflow-wrap: anywhere;
  &:hover {
    color: var(--primary);
    text-decoration: underline;
  }
`;

const SellerLinks = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 10px;
  margin-top: 14px;
  > * {
    min-height: 44px;
  }
`;

const SellerHead = styled.div`
  display: flex;
  align-items: center;
  gap: 14px;
  margin-bottom: 12px;
`;


const RatingRow = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  margin-bottom: 6px;
  font-size: 0.9rem;
`;

const StarsRow = styled.span`
  display: inline-flex;
  gap: 1px;
`;

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
