import { useLingui } from '@lingui/react/macro';
import { ButtonLink, CenteredMessage, Container } from '../components/ui';

export default function NotFound() {
  const { t } = useLingui();
  return (
    <Container>
      <CenteredMessage>
        <h1 style={{ fontSize: '1.8rem', color: 'var(--text)' }}>{t`404 Page Not Found`}</h1>
        <p>{t`Did you forget to add the page to the router?`}</p>
        <ButtonLink to="/">{t`Go home`}</ButtonLink>
      </CenteredMessage>
    </Container>
  );
}
