import styled from 'styled-components';

/** A section's title and short explanation, the same in every section. */
export function SectionHead({ id, title, description }: { id: string; title: string; description?: string }) {
  return (
    <Head>
      <h2 id={id}>{title}</h2>
      {description && <p>{description}</p>}
    </Head>
  );
}

const Head = styled.div`
  display: grid;
  gap: 4px;
  margin-bottom: 14px;
  h2 {
    font-size: 1.1rem;
    font-weight: 700;
  }
  p {
    color: var(--muted);
    font-size: 0.9rem;
  }
`;
