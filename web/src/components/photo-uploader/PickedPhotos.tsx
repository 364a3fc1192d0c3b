import { useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { intlLocale } from '../../lib/i18n';
import { RemovePhotoButton } from './RemovePhotoButton';
import type { Picked } from './types';

/** "1.5 MB" ("1,5 MB"), "12 KB": in the active language's number form. */
function sizeText(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  const megabytes = new Intl.NumberFormat(intlLocale(), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(bytes / 1024 / 1024);
  return `${megabytes} MB`;
}

/** The photos chosen for upload: preview, name, size, the error of a failed upload, and remove. */
export function PickedPhotos({ picked, onRemove, disabled }: { picked: Picked[]; onRemove: (id: string) => void; disabled: boolean }) {
  const { t } = useLingui();
  const previewOf = (name: string) => t`Preview of ${name}`;
  const removeLabel = (name: string) => t`Remove ${name}`;
  return (
    <PickedList aria-label={t`Selected photos`}>
      {picked.map((item) => (
        <li key={item.id}>
          <img src={item.preview} alt={previewOf(item.file.name)} />
          <div>
            <strong>{item.file.name}</strong>
            <span>{sizeText(item.file.size)}</span>
            {item.error && <em>{item.error}</em>}
          </div>
          <RemovePhotoButton label={removeLabel(item.file.name)} onClick={() => onRemove(item.id)} disabled={disabled} />
        </li>
      ))}
    </PickedList>
  );
}

const PickedList = styled.ul`
  display: flex;
  flex-direction: column;
  gap: 8px;
  margin: 14px 0 0;
  padding: 0;
  list-style: none;
  li {
    position: relative;
    display: flex;
    align-items: center;
    gap: 12px;
    padding: 8px 40px 8px 8px;
    border: 1px solid var(--border);
    border-radius: var(--radius-sm);
  }
  img {
    width: 52px;
    height: 52px;
    flex: none;
    object-fit: cover;
    border-radius: 6px;
  }
  div {
    display: flex;
    flex-direction: column;
    min-width: 0;
    font-size: 0.88rem;
  }
  strong {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  span {
    color: var(--muted);
  }
  em {
    color: var(--danger);
    font-style: normal;
  }
  button {
    top: 50%;
    transform: translateY(-50%);
  }
`;
