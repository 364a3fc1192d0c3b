import styled from 'styled-components';
import { CloseIcon } from '../Icons';

/** The round × that removes a photo: on an uploaded photo's tile, on a picked photo's row. */
export function RemovePhotoButton({ label, onClick, disabled }: { label: string; onClick: () => void; disabled?: boolean }) {
  return (
    <RoundButton type="button" aria-label={label} onClick={onClick} disabled={disabled}>
      <CloseIcon size={14} />
    </RoundButton>
  );
}

const RoundButton = styled.button`
  position: absolute;
  top: 6px;
  right: 6px;
  display: grid;
  place-items: center;
  width: 26px;
  height: 26px;
  padding: 0;
  border: 0;
  border-radius: 50%;
  background: rgb(28 25 23 / 75%);
  color: #fff;
  cursor: pointer;
  &:hover {
    background: var(--danger);
  }
`;
