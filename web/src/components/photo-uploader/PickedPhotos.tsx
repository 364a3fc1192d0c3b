import styled from 'styled-components';
import { CloseIcon } from '../Icons';
import { RemoveButton } from './styles';
import type { Picked } from './types';

function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** The photos chosen for upload: preview, name, size, the error of a failed upload, and remove. */
export function PickedPhotos({ picked, onRemove, disabled }: { picked: Picked[]; onRemove: (id: string) => void; disabled: boolean }) {
  return (
    <PickedList aria-label="Selected photos">
      {picked.map((item) => (
        <li key={item.id}>
          <img src={item.preview} alt={`Preview of ${item.file.name}`} />
          <div>
            <strong>{item.file.name}</strong>
            <span>{sizeText(item.file.size)}</span>
            {item.error && <em>{item.error}</em>}
          </div>
          <RemoveButton type="button" aria-label={`Remove ${item.file.name}`} onClick={() => onRemove(item.id)} disabled={disabled}>
            <CloseIcon size={14} />
          </RemoveButton>
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
