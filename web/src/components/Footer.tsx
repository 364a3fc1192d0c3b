/** The landing page footer: the brand, category links and company links (the company pages do not exist yet: their links are placeholders). */
import { useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { media } from '../lib/breakpoints';
import { CATEGORIES } from '@vnmarket/proto/categories';
import { CATEGORY_INFO } from '../lib/categories';
import { Container } from './ui';

export function Footer() {
  const { t, i18n } = useLingui();
  const linkColumns = [
    { title: t`Categories`, links: CATEGORIES.map((category) => i18n._(CATEGORY_INFO[category].label)) },
    { title: t`Support`, links: [t`Help Center`, t`Safety Tips`, t`Contact Us`] },
    { title: t`Company`, links: [t`About Us`, t`Terms of Service`, t`Privacy Policy`] },
  ];
  return (
    <Wrap>
      <Columns>
        <div>
          <Brand>Chợ Việt Bay Area</Brand>
          <p>{t`The Vietnamese community marketplace of the San Francisco Bay Area.`}</p>
        </div>
        {linkColumns.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2>{column.title}</h2>
            <ul>
              {column.links.map((link) => (
                <li key={link}>
                  <a href="#">{link}</a>
                </li>
              ))}
            </ul>
          </nav>
        ))}
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
