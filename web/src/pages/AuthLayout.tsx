import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Card } from '../components/ui';
import { media } from '../lib/breakpoints';

export function AuthLayout({ title, subtitle, children, footer }: { title: string; subtitle: string; children: ReactNode; footer: ReactNode }) {
  return (
    <Wrap>
      <Panel>
        <h1>{title}</h1>
        <p>{subtitle}</p>
        {children}
        <Footer>{footer}</Footer>
      </Panel>
    </Wrap>
  );
}

const Wrap = styled.div`
  display: flex;
  justify-content: center;
  padding: 40px 16px 64px;
`;

const Panel = styled(Card)`
  width: 100%;
  max-width: 440px;
  padding: 28px 24px;
  ${media.tablet} {
    padding: 36px 36px 32px;
  }
  h1 {
    font-size: 1.6rem;
    font-weight: 750;
    text-align: center;
  }
  > p {
    margin: 6px 0 24px;
    text-align: center;
    color: var(--muted);
  }
`;

const Footer = styled.div`
  margin-top: 18px;
  text-align: center;
  font-size: 0.92rem;
  color: var(--muted);
  a {
    color: var(--primary);
    font-weight: 600;
  }
`;

export const Split = styled.div`
  display: grid;
  gap: 0 14px;
  ${media.phone} {
    grid-template-columns: 1fr 1fr;
  }
`;
