/**
 * The moderation queue (/moderation), for members an operator made moderators: open cases, held listings
 * first, each with its listing, its reports and its owner's history, and the three decisions. Anyone else
 * is told the page is for moderators (the API answers them 403 too).
 */
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { CenteredMessage, Container, LoadFailed, Page, PageHead, PageTitle, PlainList, Skeleton } from '../../components/ui';
import { useRequireAuth } from '../../lib/hooks';
import { useModerationCases } from '../../lib/moderation';
import { CaseCard } from './CaseCard';

export default function Moderation() {
  const { t } = useLingui();
  const { user, isAuthenticated } = useRequireAuth();
  const isModerator = user?.isModerator === true;
  const { data: cases, error } = useModerationCases(isModerator);
  if (!isAuthenticated) return null;
  if (!isModerator) {
    return (
      <Container>
        <CenteredMessage>
          <h1>{t`Moderators only`}</h1>
          <p>{t`This page is for the community's moderators.`}</p>
        </CenteredMessage>
      </Container>
    );
  }
  const count = cases?.length ?? 0;
  return (
    <Page>
      <PageHead>
        <PageTitle>{t`Moderation`}</PageTitle>
        {cases && <Count data-testid="case-count">{t`${plural(count, { one: '# open case', other: '# open cases' })}`}</Count>}
      </PageHead>
      {error ? (
        <LoadFailed title={t`Failed to load the cases`} />
      ) : !cases ? (
        <PlainList $gap={16} aria-hidden="true">
          {[1, 2].map((row) => (
            <Skeleton key={row} $height="220px" />
          ))}
        </PlainList>
      ) : cases.length === 0 ? (
        <CenteredMessage>
          <h2>{t`Nothing to review`}</h2>
          <p>{t`Reported listings appear here.`}</p>
        </CenteredMessage>
      ) : (
        <PlainList $gap={16}>
          {cases.map((found) => (
            <CaseCard key={found.id} found={found} />
          ))}
        </PlainList>
      )}
    </Page>
  );
}

const Count = styled.p`
  margin: 0;
  color: var(--muted);
`;
