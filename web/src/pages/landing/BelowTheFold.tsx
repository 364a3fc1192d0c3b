/**
 * The landing page below the fold: featured listings, why-us features, the call to action and the footer.
 * Its own chunk, loaded while the hero shows (./Landing.tsx): the first page's JS carries only the hero and
 * the categories. The featured listings are fetched by the landing page itself, so the request does not wait for this chunk.
 */
import { useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { Footer } from '../../components/Footer';
import { ChatIcon, ShieldIcon, StarIcon } from '../../components/Icons';
import { ListingCard, ListingCardSkeleton } from '../../components/ListingCard';
import { ButtonLink, Container, Grid, IconCircle } from '../../components/ui';
import { media } from '../../lib/breakpoints';
import type { useLatestListings } from '../../lib/queries';
import { Section, SectionTitle } from './styles';

export default function BelowTheFold({ featured, limit }: { featured: ReturnType<typeof useLatestListings>; limit: number }) {
  const { t } = useLingui();
  return (
    <>
      <Section aria-labelledby="landing-featured">
        <Container>
          <SectionTitle id="landing-featured">{t`Featured Listings`}</SectionTitle>
          <SectionLead>{t`Sign in to view full details and contact sellers`}</SectionLead>
          {/* A failed featured-listings fetch shows nothing (the rest of the page still sells the site). */}
          {!featured.error && (
            <Grid data-testid="featured-listings">
              {featured.isLoading
                ? Array.from({ length: limit }, (_, index) => <ListingCardSkeleton key={index} />)
                : (featured.data ?? []).slice(0, limit).map((listing) => <ListingCard key={listing.id} listing={listing} to="/login" />)}
            </Grid>
          )}
          <Center>
            <ButtonLink to="/login" size="lg">
              {t`Sign In to View All Listings`}
            </ButtonLink>
          </Center>
        </Container>
      </Section>

      <Section aria-labelledby="landing-why">
        <Container>
          <SectionTitle id="landing-why">{t`Why Choose Chợ Việt?`}</SectionTitle>
          <Features>
            <Feature>
              <IconCircle aria-hidden="true" $size={52}>
                <ShieldIcon size={26} />
              </IconCircle>
              <h3>{t`Verified Sellers`}</h3>
              <p>{t`Sellers verify their phone number, so you know who you are dealing with.`}</p>
            </Feature>
            <Feature>
              <IconCircle aria-hidden="true" $size={52}>
                <StarIcon size={26} />
              </IconCircle>
              <h3>{t`Ratings & Reviews`}</h3>
              <p>{t`See what the community says about a seller before you buy, rent or book.`}</p>
            </Feature>
            <Feature>
              <IconCircle aria-hidden="true" $size={52}>
                <ChatIcon size={26} />
              </IconCircle>
              <h3>{t`Secure Messaging`}</h3>
              <p>{t`Talk to sellers inside the app without sharing your phone number.`}</p>
            </Feature>
          </Features>
        </Container>
      </Section>

      <Container>
        <Cta>
          <h2>{t`Join the community today`}</h2>
          <p>{t`Sign-up is free, needs no credit card and takes about 30 seconds. Sign up with email, Google, GitHub or Apple.`}</p>
          <ButtonLink to="/register" size="lg" variant="accent">
            {t`Create Free Account`}
          </ButtonLink>
        </Cta>
      </Container>
      <Footer />
    </>
  );
}

const SectionLead = styled.p`
  margin: 6px 0 24px;
  color: var(--muted);
`;

const Center = styled.div`
  display: flex;
  justify-content: center;
  margin-top: 28px;
`;

const Features = styled.div`
  display: grid;
  gap: 18px;
  margin-top: 24px;
  ${media.tablet} {
    grid-template-columns: repeat(3, 1fr);
  }
`;

const Feature = styled.div`
  padding: 24px;
  border-radius: var(--radius);
  background: var(--surface);
  border: 1px solid var(--border);
  h3 {
    margin: 14px 0 6px;
    font-size: 1.08rem;
  }
  p {
    color: var(--muted);
    font-size: 0.95rem;
  }
`;

const Cta = styled.section`
  margin-top: 56px;
  padding: 40px 24px;
  border-radius: 20px;
  background: linear-gradient(135deg, #1c1917, #3a2a22);
  color: #fff;
  text-align: center;
  h2 {
    font-size: 1.7rem;
    font-weight: 800;
  }
  p {
    max-width: 560px;
    margin: 10px auto 24px;
    opacity: 0.85;
  }
`;
