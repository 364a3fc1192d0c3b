/** Landing (/, signed out or while auth loads): the hero, category cards, featured listings, why-us features, and the footer. */
import type { Category } from '@vnmarket/proto/src/listings';
import { CategoryIcon } from '../components/CategoryIcon';
import styled from 'styled-components';
import { Footer } from '../components/Footer';
import { ChatIcon, ShieldIcon, StarIcon } from '../components/Icons';
import { ListingCard, ListingCardSkeleton } from '../components/ListingCard';
import { ButtonLink, Container, Grid, IconCircle } from '../components/ui';
import { media } from '../lib/breakpoints';
import { useLatestListings } from '../lib/queries';

/** The landing page asks for and shows at most 6 listings. */
export const FEATURED_LIMIT = 6;

/** Five category cards with fixed (display-only) counts, each to /register. */
const LANDING_CATEGORIES: { category: Category; title: string; count: string }[] = [
  { category: 'rent', title: 'Houses for Rent', count: '2,345' },
  { category: 'food', title: 'Specialty Food', count: '1,892' },
  { category: 'sale', title: 'Items for Sale', count: '5,678' },
  { category: 'jobs', title: 'Job Hiring', count: '987' },
  { category: 'service', title: 'Services', count: '1,456' },
];

export default function Landing() {
  const { data: featured, error, isLoading } = useLatestListings(FEATURED_LIMIT);
  const listings = (featured ?? []).slice(0, FEATURED_LIMIT);
  return (
    <>
      <Hero>
        <Container>
          <HeroInner>
            <Eyebrow>Chợ Việt Bay Area</Eyebrow>
            <h1>Find Everything You Need</h1>
            <Lead>Your Vietnamese Community Marketplace</Lead>
            <HeroText>Homes, home-cooked food, jobs, services and events from neighbours across the Bay Area.</HeroText>
            <ButtonLink to="/register" size="lg" variant="accent">
              Get Started Free
            </ButtonLink>
          </HeroInner>
        </Container>
      </Hero>

      <Section aria-labelledby="landing-categories">
        <Container>
          <SectionTitle id="landing-categories">Browse by Category</SectionTitle>
          <CategoryGrid>
            {LANDING_CATEGORIES.map((category) => (
              <CategoryCard key={category.title} to="/register">
                <IconCircle aria-hidden="true" style={{ marginBottom: 4 }}>
                  <CategoryIcon category={category.category} />
                </IconCircle>
                <strong>{category.title}</strong>
                <small>{category.count} listings</small>
              </CategoryCard>
            ))}
          </CategoryGrid>
        </Container>
      </Section>

      <Section aria-labelledby="landing-featured">
        <Container>
          <SectionTitle id="landing-featured">Featured Listings</SectionTitle>
          <SectionLead>Sign in to view full details and contact sellers</SectionLead>
          {/* A failed featured-listings fetch shows nothing (the rest of the page still sells the site). */}
          {!error && (
            <Grid data-testid="featured-listings">
              {isLoading
                ? Array.from({ length: FEATURED_LIMIT }, (_, index) => <ListingCardSkeleton key={index} />)
                : listings.map((listing) => <ListingCard key={listing.id} listing={listing} to="/login" />)}
            </Grid>
          )}
          <Center>
            <ButtonLink to="/login" size="lg">
              Sign In to View All Listings
            </ButtonLink>
          </Center>
        </Container>
      </Section>

      <Section aria-labelledby="landing-why">
        <Container>
          <SectionTitle id="landing-why">Why Choose Chợ Việt?</SectionTitle>
          <Features>
            <Feature>
              <IconCircle aria-hidden="true" $size={52}>
                <ShieldIcon size={26} />
              </IconCircle>
              <h3>Verified Sellers</h3>
              <p>Sellers verify their phone number, so you know who you are dealing with.</p>
            </Feature>
            <Feature>
              <IconCircle aria-hidden="true" $size={52}>
                <StarIcon size={26} />
              </IconCircle>
              <h3>Ratings &amp; Reviews</h3>
              <p>See what the community says about a seller before you buy, rent or book.</p>
            </Feature>
            <Feature>
              <IconCircle aria-hidden="true" $size={52}>
                <ChatIcon size={26} />
              </IconCircle>
              <h3>Secure Messaging</h3>
              <p>Talk to sellers inside the app without sharing your phone number.</p>
            </Feature>
          </Features>
        </Container>
      </Section>

      <Container>
        <Cta>
          <h2>Join the community today</h2>
          <p>Sign-up is free, needs no credit card and takes about 30 seconds. Sign up with email, Google, GitHub or Apple.</p>
          <ButtonLink to="/register" size="lg" variant="accent">
            Create Free Account
          </ButtonLink>
        </Cta>
      </Container>
      <Footer />
    </>
  );
}

const Hero = styled.section`
  padding: 64px 0 72px;
  background: radial-gradient(1200px 400px at 80% -10%, rgb(245 184 0 / 30%), transparent 60%), linear-gradient(135deg, #c8102e 0%, #8f0b21 100%);
  color: #fff;
  ${media.tablet} {
    padding: 96px 0 104px;
  }
`;

const HeroInner = styled.div`
  max-width: 680px;
  h1 {
    font-size: clamp(2.1rem, 6vw, 3.4rem);
    line-height: 1.08;
    font-weight: 800;
    letter-spacing: -0.02em;
  }
`;

const Eyebrow = styled.p`
  margin-bottom: 14px;
  font-size: 0.85rem;
  font-weight: 700;
  text-transform: uppercase;
  letter-spacing: 0.12em;
  color: var(--accent);
`;

const Lead = styled.p`
  margin-top: 14px;
  font-size: clamp(1.15rem, 3vw, 1.45rem);
  font-weight: 600;
`;

const HeroText = styled.p`
  margin: 10px 0 28px;
  font-size: 1.02rem;
  opacity: 0.88;
`;

const Section = styled.section`
  padding-top: 56px;
`;

const SectionTitle = styled.h2`
  font-size: 1.6rem;
  font-weight: 750;
  letter-spacing: -0.01em;
`;

const SectionLead = styled.p`
  margin: 6px 0 24px;
  color: var(--muted);
`;

const CategoryGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 14px;
  margin-top: 20px;
  ${media.tablet} {
    grid-template-columns: repeat(5, minmax(0, 1fr));
  }
`;

const CategoryCard = styled(ButtonLink)`
  flex-direction: column;
  align-items: flex-start;
  gap: 6px;
  min-height: 0;
  padding: 18px;
  border: 1px solid var(--border);
  border-radius: var(--radius);
  background: var(--surface);
  color: var(--text);
  white-space: normal;
  box-shadow: var(--shadow);
  &:hover:not(:disabled) {
    background: var(--surface);
    border-color: var(--primary);
  }
  strong {
    font-size: 0.98rem;
  }
  small {
    font-weight: 500;
    font-size: 0.85rem;
    color: var(--muted);
  }
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
