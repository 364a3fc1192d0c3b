/** The landing page footer: the brand, category links and company links (the company pages do not exist yet: their links are placeholders). */
import { useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { media } from '../lib/breakpoints';
import { CATEGORIES } from '@vnmarket/proto/categories';
import { CATEGORY_INFO } from '../lib/categories';
import { Container } from './ui';

export function Footer() {
  const { t, i18n } = useLingui();
  return (
    <Wrap>
      <Columns>
        <div>
          <Brand>Chợ Việt Bay Area</Brand>
          <p>{t`The Vietnamese community marketplace of the San Francisco Bay Area.`}</p>
        </div>
        <nav aria-label={t`Categories`}>
          <h2>{t`Categories`}</h2>
          <ul>
            {CATEGORIES.map((category) => (
              <li key={category}>
                <a href="#">{i18n._(CATEGORY_INFO[category].label)}</a>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label={t`Support`}>
          <h2>{t`Support`}</h2>
          <ul>
            <li>
              <a href="#">{t`Help Center`}</a>
            </li>
            <li>
              <a href="#">{t`Safety Tips`}</a>
            </li>
            <li>
              <a href="#">{t`Contact Us`}</a>
            </li>
          </ul>
        </nav>
        <nav aria-label={t`Company`}>
          <h2>{t`Company`}</h2>
          <ul>
            <li>
              <a href="#">{t`About Us`}</a>
            </li>
            <li>
              <a href="#">{t`Terms of Service`}</a>
            </li>
            <li>
              <a href="#">{t`Privacy Policy`}</a>
            </li>
          </ul>
        </nav>
      </Columns>
      <Container>
        <Copy>© {new Date().getFullYear()} Chợ Việt Bay Area</Copy>
      </Container>
    </Wrap>
  );
}

const Wrap = styled.footer`
  margin-top: 64px;
  padding: 48px 0 24px;
  background: #1c1917;
  color: #d6d3d1;
  a {
    color: #d6d3d1;
    text-decoration: none;
  }
  a:hover {
    color: #fff;
    text-decoration: underline;
  }
`;

const Columns = styled(Container)`
  display: grid;
  grid-template-columns: 1fr;
  gap: 28px;
  ${media.tablet} {
    grid-template-columns: repeat(2, 1fr);
  }
  ${media.desktop} {
    grid-template-columns: 2fr 1fr 1fr 1fr;
  }
  h2 {
    margin-bottom: 12px;
    font-size: 0.95rem;
    color: #fff;
  }
  ul {
    display: flex;
    flex-direction: column;
    gap: 8px;
    margin: 0;
    padding: 0;
    list-style: none;
    font-size: 0.9rem;
  }
  p {
    font-size: 0.9rem;
    max-width: 320px;
  }
`;

const Brand = styled.div`
  margin-bottom: 8px;
  font-weight: 800;
  font-size: 1.15rem;
  color: #fff;
`;

const Copy = styled.p`
  margin-top: 36px;
  padding-top: 20px;
  border-top: 1px solid #44403c;
  font-size: 0.82rem;
  color: #a8a29e;
`;
