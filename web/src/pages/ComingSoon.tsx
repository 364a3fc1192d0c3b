/**
 * Signed-in screens that land with the web app's second part (profile, messages, dashboard, category
 * pages): routed and gated like the other member screens, and honest about not being built yet.
 */
import { ButtonLink, CenteredMessage, Container, PageTitle } from '../components/ui';
import { useRequireAuth } from '../lib/hooks';

export default function ComingSoon({ title, unauthorizedDescription }: { title: string; unauthorizedDescription?: string }) {
  const { isAuthenticated } = useRequireAuth(unauthorizedDescription);
  return (
    <Container>
      <CenteredMessage>
        <PageTitle>{title}</PageTitle>
        {isAuthenticated && (
          <>
            <p>This page is not available yet. It is coming in the next update of Chợ Việt.</p>
            <ButtonLink to="/">Back to listings</ButtonLink>
          </>
        )}
      </CenteredMessage>
    </Container>
  );
}
