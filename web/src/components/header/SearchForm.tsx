import { useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { useNavigate } from '../../lib/router';
import styled from 'styled-components';
import { SearchIcon } from '../FirstPageIcons';
import { Input } from '../first-page-ui';

/** The listing search box (header and drawer): sends the words to the home page's search. */
export function SearchForm({ onDone, id }: { onDone?: () => void; id: string }) {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const { t } = useLingui();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const query = text.trim();
    if (!query) return;
    void navigate(`/?search=${encodeURIComponent(query)}`);
    onDone?.();
  };
  return (
    <SearchBox role="search" aria-label={t`All listings`} onSubmit={submit}>
      <label htmlFor={id} className="visually-hidden">
        {t`Search listings`}
      </label>
      <SearchIconBox aria-hidden="true">
        <SearchIcon size={18} />
      </SearchIconBox>
      <SearchInput id={id} type="search" placeholder={t`Search listings...`} value={text} onChange={(event) => setText(event.target.value)} />
    </SearchBox>
  );
}

const SearchBox = styled.form`
  position: relative;
  width: 100%;
`;

const SearchIconBox = styled.span`
  position: absolute;
  left: 12px;
  top: 50%;
  transform: translateY(-50%);
  color: var(--muted);
  display: inline-flex;
`;

const SearchInput = styled(Input)`
  padding-left: 38px;
  background: var(--subtle);
  border-color: transparent;
  &:focus {
    background: var(--surface);
  }
`;
