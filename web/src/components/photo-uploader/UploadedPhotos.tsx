import { useLingui } from '@lingui/react/macro';
import { thumbnailPathOf } from '@vnmarket/proto/media-values';
import styled from 'styled-components';
import { coverImage } from '../layout';
import { RemovePhotoButton } from './RemovePhotoButton';

/** The listing's photos so far as tiles (the first is the cover), each with its remove button. */
export function UploadedPhotos({ images, onChange }: { images: string[]; onChange: (images: string[]) => void }) {
  const { t } = useLingui();
  const photoLabel = (number: number) => t`Listing photo ${number}`;
  const removeLabel = (number: number) => t`Remove photo ${number}`;
  return (
    <PhotoGrid data-testid="uploaded-photos">
      {images.map((image, index) => (
        <PhotoTile key={image}>
          <img src={thumbnailPathOf(image)} alt={photoLabel(index + 1)} />
          {index === 0 && <Cover>{t`Cover`}</Cover>}
          <RemovePhotoButton label={removeLabel(index + 1)} onClick={() => onChange(images.filter((_, position) => position !== index))} />
        </PhotoTile>
      ))}
    </PhotoGrid>
  );
}

const PhotoGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(96px, 1fr));
  gap: 10px;
  margin-bottom: 12px;
`;

const PhotoTile = styled.div`
  position: relative;
  aspect-ratio: 1;
  overflow: hidden;
  border-radius: var(--radius-sm);
  border: 1px solid var(--border);
  background: var(--subtle);
  ${coverImage}
`;

const Cover = styled.span`
  position: absolute;
  left: 6px;
  bottom: 6px;
  padding: 1px 7px;
  border-radius: 999px;
  background: rgb(28 25 23 / 75%);
  color: #fff;
  font-size: 0.7rem;
  font-weight: 600;
`;
