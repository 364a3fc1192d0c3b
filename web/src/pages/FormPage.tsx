import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { BackIcon } from '../components/Icons';
import { ButtonLink, Container, PageTitle } from '../components/ui';

/** Create and edit: a back button, the title, the form. */
export function FormPage({ title, backTo, children }: { title: string; backTo: string; children: ReactNode }) {
  const { t } = useLingui();
  return (
    <Wrap>
      <Head>
        <ButtonLink to={backTo} variant="outline" size="icon" aria-label={t`Back`}>
          <BackIcon size={18} />
        </ButtonLink>
        <PageTitle>{title}</PageTitle>
      </Head>
      {children}
    </Wrap>
  );
}

const Wrap = styled(Container)`
  max-width: 860px;
  padding-top: 24px;
  padding-bottom: 56px;
`;

const Head = styled.div`
  display: flex;
  align-items: center;
  gap: 14px;
  margin-bottom: 20px;
`;
