import { useLingui } from '@lingui/react/macro';
import type { Listing } from '@vnmarket/proto/listings';
import { thumbnailPathOf } from '@vnmarket/proto/media-values';
import { useRef, useState, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { ImageIcon } from '../../components/Icons';
import { coverImage, Stack } from '../../components/layout';

/** The listing's photos: the chosen one large, thumbnails to choose (arrow keys move between them); a placeholder without photos. */
export function Gallery({ listing }: { listing: Listing }) {
  const [index, setIndex] = useState(0);
  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);
  const images = listing.images;
  const shown = Math.max(0, Math.min(index, images.length - 1));
  const current = images[shown];
  const { t } = useLingui();
  const title = listing.title;
  const number = shown + 1;
  const count = images.length;
  // Arrow keys (and Home/End) move between the thumbnails, showing each as focus lands on it.
  const onThumbKey = (event: KeyboardEvent<HTMLButtonElement>, position: number) => {
    const last = images.length - 1;
    const next = { ArrowRight: position + 1, ArrowDown: position + 1, ArrowLeft: position - 1, ArrowUp: position - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const target = next < 0 ? last : next > last ? 0 : next;
    setIndex(target);
    thumbs.current[target]?.focus();
  };
  return (
    <Stack $gap={10}>
      <MainImage>
        {current ? (
          <img src={current} alt={t`${title} – photo ${number} of ${count}`} fetchPriority="high" data-testid="gallery-main" />
        ) : (
          <Fallback role="img" aria-label={t`No photos for this listing`} data-testid="gallery-fallback">
            <ImageIcon size={56} />
            <span>{t`No photos yet`}</span>
          </Fallback>
        )}
      </MainImage>
      {images.length > 1 && (
        <Thumbs role="group" aria-label={t`Photos (${count})`}>
          {images.map((image, position) => {
            const photo = position + 1;
            return (
              <Thumb
                key={image}
                ref={(element) => {
                  thumbs.current[position] = element;
                }}
                type="button"
                aria-label={t`Show photo ${photo}`}
                aria-pressed={position === shown}
                $active={position === shown}
                onClick={() => setIndex(position)}
                onKeyDown={(event) => onThumbKey(event, position)}
              >
                <img src={thumbnailPathOf(image)} alt="" data-testid="gallery-thumb" />
              </Thumb>
            );
          })}
        </Thumbs>
      )}
    </Stack>
  );
}

const MainImage = styled.div`
  overflow: hidden;
  aspect-ratio: 4 / 3;
  border-radius: var(--radius);
  background: var(--subtle);
  border: 1px solid var(--border);
  ${coverImage}
`;

const Fallback = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 8px;
  width: 100%;
  height: 100%;
  color: #a8a29e;
  background: linear-gradient(135deg, #f3efec, #e9e2dc);
  font-weight: 500;
`;

const Thumbs = styled.div`
  display: flex;
  gap: 8px;
  overflow-x: auto;
  /* Room for the focus ring inside the scrolling strip. */
  padding: 4px;
  margin: -4px;
`;

const Thumb = styled.button<{ $active: boolean }>`
  flex: none;
  width: 76px;
  height: 76px;
  padding: 0;
  overflow: hidden;
  border-radius: var(--radius-sm);
  border: 3px solid ${({ $active }) => ($active ? 'var(--primary)' : 'transparent')};
  background: var(--subtle);
  cursor: pointer;
  opacity: ${({ $active }) => ($active ? 1 : 0.8)};
  &:hover {
    opacity: 1;
  }
  &:focus-visible {
    outline: 2px solid var(--primary);
    outline-offset: 2px;
  }
  ${coverImage}
`;
