import { useLingui } from '@lingui/react/macro';
import type { Listing } from '@vnmarket/proto/listings';
import styled from 'styled-components';
import { detailRows } from './detailRows';
import { Section } from './styles';

/** The description, then the category's details (condition and metadata) as label and value tiles. */
export function ListingDetails({ listing }: { listing: Listing }) {
  // The rows are in the active language: they are made again when it changes.
  const { t } = useLingui();
  const rows = detailRows(listing);
  return (
    <>
      <Section aria-labelledby="listing-description">
        <h2 id="listing-description">{t`Description`}</h2>
        <Description>{listing.description}</Description>
      </Section>
      {rows.length > 0 && (
        <Section aria-labelledby="listing-details">
          <h2 id="listing-details">{t`Details`}</h2>
          <Details>
            {rows.map((row) => (
              <div key={row.label}>
                <dt>{row.label}</dt>
                <dd>{row.value}</dd>
              </div>
            ))}
          </Details>
        </Section>
      )}
    </>
  );
}

const Description = styled.p`
  white-space: pre-line;
  overflow-wrap: anywhere;
`;

const Details = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(180px, 1fr));
  gap: 12px;
  margin: 0;
  div {
    padding: 12px 14px;
    border-radius: var(--radius-sm);
    background: var(--surface);
    border: 1px solid var(--border);
  }
  dt {
    font-size: 0.8rem;
    color: var(--muted);
  }
  dd {
    margin: 2px 0 0;
    font-weight: 600;
    overflow-wrap: anywhere;
  }
`;
