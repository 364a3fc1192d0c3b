/**
 * Landing (/, signed out or while auth loads): the hero and the category cards; below the fold, in its own
 * chunk (./BelowTheFold.tsx), the featured listings, why-us features, the call to action and the footer.
 */
import type { Category } from '@vnmarket/proto/categories';
import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import styled from 'styled-components';
import { CategoryIcon } from '../../components/CategoryIcon';
import { ButtonLink, Container, HeroBand, IconCircle } from '../../components/first-page-ui';
import { media } from '../../lib/breakpoints';
import { useHydrated } from '../../lib/prerendered';
import { useLatestListings } from '../../lib/queries';
import { CATEGORY_INFO } from '../../lib/categories';
import { formatNumber, withAppMessages } from '../../lib/i18n';
import { Section, SectionTitle } from './styles';

const BelowTheFold = lazy(withAppMessages(() => import('./BelowTheFold')));

/** The landing page asks for and shows at most 6 listings. */
const FEATURED_LIMIT = 6;

/** Five category cards with fixed (display-only) counts, each to /register. */
const LANDING_CATEGORIES: { category: Category; count: number }[] = [
  { category: 'rent', count: 2345 },
  { category: 'food', count: 1892 },
  { category: 'sale', count: 5678 },
  { category: 'jobs', count: 987 },
  { category: 'service', count: 1456 },
];

export default function Landing() {
  // Asked for now, with the first render, not once the below-the-fold chunk has come.
  const featured = useLatestListings(FEATURED_LIMIT);
  const hydrated = useHydrated();
  const { t, i18n } = useLingui();
  return (
    <>
      <Hero>
        <Container>
          <HeroInner>
            <Eyebrow>Chợ Việt Bay Area</Eyebrow>
            <h1>{t`Find Everything You Need`}</h1>
            <Lead>{t`Your Vietnamese Community Marketplace`}</Lead>
            <HeroText>{t`Homes, home-cooked food, jobs, services and events from neighbours across the Bay Area.`}</HeroText>
            <ButtonLink to="/register" size="lg" variant="accent">
              {t`Get Started Free`}
            </ButtonLink>
          </HeroInner>
        </Container>
      </Hero>

      <Section aria-labelledby="landing-categories">
        <Container>
          <SectionTitle id="landing-categories">{t`Browse by Category`}</SectionTitle>
          <CategoryGrid>
            {LANDING_CATEGORIES.map((category) => (
              <CategoryCard key={category.category} to="/register">
                <IconCircle aria-hidden="true" style={{ marginBottom: 4 }}>
                  <CategoryIcon category={category.category} />
                </IconCircle>
                <strong>{i18n._(CATEGORY_INFO[category.category].label)}</strong>
                <small>{t`${formatNumber(category.count)} listings`}</small>
              </CategoryCard>
            ))}
          </CategoryGrid>
        </Container>
      </Section>

      {/* Not in the prerendered landing page (build/prerender.ts): it comes with its chunk, after hydration. */}
      {hydrated && (
        <Suspense fallback={null}>
          <BelowTheFold featured={featured} limit={FEATURED_LIMIT} />
        </Suspense>
      )}
    </>
  );
}

const Hero = styled(HeroBand)`
  padding: 64px 0 72px;
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
  color: #ffdcb8;
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
