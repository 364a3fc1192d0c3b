import { ButtonLink, CenteredMessage, Container } from '../components/ui';

export default function NotFound() {
  return (
    <Container>
      <CenteredMessage>
        <h1 style={{ fontSize: '1.8rem', color: 'var(--text)' }}>404 Page Not Found</h1>
        <p>Did you forget to add the page to the router?</p>
        <ButtonLink to="/">Go home</ButtonLink>
      </CenteredMessage>
    </Container>
  );
}
