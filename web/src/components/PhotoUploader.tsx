/**
 * Listing photos (spec sections 2, 5, 8 and 9): at most 10 images of up to 5 MB each, image types only,
 * previews before upload, an upload progress bar, per-photo remove. After a successful upload the
 * selection is cleared and the upload dialog closes after 500 ms.
 */
import { MAX_LISTING_IMAGES, MAX_LISTING_PHOTO_MB, thumbnailPathOf } from '@vnmarket/proto';
import { useEffect, useId, useMemo, useRef, useState, type DragEvent } from 'react';
import styled from 'styled-components';
import { isUnauthorizedError } from '../lib/api';
import { useUnauthorized } from '../lib/hooks';
import { UPLOADER_CLOSE_MS } from '../lib/timing';
import { UploadError, uploadPhoto } from '../lib/upload';
import { Dialog } from './Dialog';
import { CloseIcon, ImageIcon, PlusIcon, UploadIcon } from './Icons';
import { useToast } from './Toast';
import { Button, Hint } from './ui';

const MAX_BYTES = MAX_LISTING_PHOTO_MB * 1024 * 1024;

interface Picked {
  id: string;
  file: File;
  preview: string;
  error?: string;
}

function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

export function PhotoUploader({ images, onChange }: { images: string[]; onChange: (images: string[]) => void }) {
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<Picked[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [phase, setPhase] = useState<'idle' | 'uploading' | 'done'>('idle');
  const inputId = useId();
  const toast = useToast();
  const unauthorized = useUnauthorized();
  const remaining = MAX_LISTING_IMAGES - images.length;

  // Previews are object URLs: release them with the selection.
  const previews = useRef(new Set<string>());
  useEffect(() => () => previews.current.forEach((url) => URL.revokeObjectURL(url)), []);

  const addFiles = (files: FileList | File[]) => {
    const next = [...picked];
    const issues: string[] = [];
    for (const file of files) {
      if (!file.type.startsWith('image/')) {
        issues.push(`${file.name} is not an image`);
        continue;
      }
      if (file.size > MAX_BYTES) {
        issues.push(`${file.name} is larger than ${MAX_LISTING_PHOTO_MB} MB`);
        continue;
      }
      if (next.length >= remaining) {
        issues.push(`You can add at most ${MAX_LISTING_IMAGES} photos`);
        break;
      }
      const preview = URL.createObjectURL(file);
      previews.current.add(preview);
      next.push({ id: `${file.name}-${file.size}-${file.lastModified}-${Math.random()}`, file, preview });
    }
    setPicked(next);
    setProblems(issues);
    setPhase('idle');
    setProgress(null);
  };

  const unpick = (id: string) => {
    setPicked((current) => {
      const gone = current.find((item) => item.id === id);
      if (gone) {
        URL.revokeObjectURL(gone.preview);
        previews.current.delete(gone.preview);
      }
      return current.filter((item) => item.id !== id);
    });
  };

  const totalBytes = useMemo(() => picked.reduce((sum, item) => sum + item.file.size, 0), [picked]);

  const upload = async () => {
    if (picked.length === 0 || phase === 'uploading') return;
    setPhase('uploading');
    setProgress(0);
    const uploaded: string[] = [];
    const failed: Picked[] = [];
    let done = 0;
    let toastText: string | undefined;
    for (const item of picked) {
      try {
        const result = await uploadPhoto(item.file, 'listing', (loaded) => setProgress(Math.round(((done + loaded) / Math.max(totalBytes, 1)) * 100)));
        uploaded.push(result.objectPath);
      } catch (error) {
        if (isUnauthorizedError(error)) {
          setPhase('idle');
          unauthorized();
          return;
        }
        toastText ??= error instanceof UploadError ? error.toast : 'Failed to process uploaded images';
        failed.push({ ...item, error: error instanceof Error ? error.message : String(error) });
      }
      done += item.file.size;
      setProgress(Math.round((done / Math.max(totalBytes, 1)) * 100));
    }
    if (uploaded.length > 0) onChange([...images, ...uploaded]);
    if (failed.length > 0) {
      toast({ title: 'Error', description: toastText ?? 'Failed to process uploaded images', variant: 'destructive' });
      setPicked(failed);
      setPhase('idle');
      return;
    }
    toast({ title: 'Success', description: 'Images uploaded successfully!' });
    for (const item of picked) URL.revokeObjectURL(item.preview);
    setPicked([]);
    setPhase('done');
    window.setTimeout(() => {
      setOpen(false);
      setPhase('idle');
      setProgress(null);
    }, UPLOADER_CLOSE_MS);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    if (event.dataTransfer.files.length > 0) addFiles(event.dataTransfer.files);
  };

  return (
    <div>
      {images.length > 0 && (
        <PhotoGrid data-testid="uploaded-photos">
          {images.map((image, index) => (
            <PhotoTile key={image}>
              <img src={thumbnailPathOf(image)} alt={`Listing photo ${index + 1}`} />
              {index === 0 && <Cover>Cover</Cover>}
              <RemoveButton type="button" aria-label={`Remove photo ${index + 1}`} onClick={() => onChange(images.filter((_, position) => position !== index))}>
                <CloseIcon size={14} />
              </RemoveButton>
            </PhotoTile>
          ))}
        </PhotoGrid>
      )}
      <Button variant="outline" onClick={() => setOpen(true)} disabled={remaining <= 0}>
        <PlusIcon size={16} /> {images.length > 0 ? 'Add More Photos' : 'Add Photos'}
      </Button>
      <Hint>
        {images.length}/{MAX_LISTING_IMAGES} photos. Up to {MAX_LISTING_IMAGES} images, {MAX_LISTING_PHOTO_MB} MB each. For best results use photos at least 800x800 pixels.
      </Hint>

      <Dialog open={open} onClose={() => phase !== 'uploading' && setOpen(false)} title="Upload Photos" description={`You can add ${remaining} more photo${remaining === 1 ? '' : 's'}.`} width={560} testId="photo-uploader">
        {/* The input comes first so the drop zone can show its keyboard focus (input:focus-visible + label). */}
        <input
          id={inputId}
          className="visually-hidden"
          type="file"
          accept="image/*"
          multiple
          aria-label="Choose photos"
          data-testid="photo-input"
          onChange={(event) => {
            if (event.target.files) addFiles(event.target.files);
            event.target.value = '';
          }}
        />
        <DropZone htmlFor={inputId} onDragOver={(event) => event.preventDefault()} onDrop={onDrop}>
          <UploadIcon size={28} />
          <strong>Choose photos or drag them here</strong>
          <span>JPEG, PNG, WebP or GIF · up to {MAX_LISTING_PHOTO_MB} MB each · at least 800x800 pixels recommended</span>
        </DropZone>
        {problems.length > 0 && (
          <Problems role="alert">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </Problems>
        )}
        {picked.length > 0 && (
          <PickedList aria-label="Selected photos">
            {picked.map((item) => (
              <li key={item.id}>
                <img src={item.preview} alt={`Preview of ${item.file.name}`} />
                <div>
                  <strong>{item.file.name}</strong>
                  <span>{sizeText(item.file.size)}</span>
                  {item.error && <em>{item.error}</em>}
                </div>
                <RemoveButton type="button" aria-label={`Remove ${item.file.name}`} onClick={() => unpick(item.id)} disabled={phase === 'uploading'}>
                  <CloseIcon size={14} />
                </RemoveButton>
              </li>
            ))}
          </PickedList>
        )}
        {progress !== null && (
          <ProgressBox>
            <ProgressLabel>
              <span>{phase === 'done' ? 'Upload complete' : 'Uploading...'}</span>
              <span>{progress}%</span>
            </ProgressLabel>
            <Track role="progressbar" aria-label="Upload progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress}>
              <Bar style={{ width: `${progress}%` }} />
            </Track>
          </ProgressBox>
        )}
        {picked.length === 0 && phase !== 'done' && (
          <EmptyNote>
            <ImageIcon size={18} /> No photos selected yet
          </EmptyNote>
        )}
        <Actions>
          <Button variant="outline" onClick={() => setOpen(false)} disabled={phase === 'uploading'}>
            Cancel
          </Button>
          <Button onClick={() => void upload()} disabled={picked.length === 0 || phase === 'uploading'}>
            {phase === 'uploading' ? 'Uploading...' : picked.length === 0 ? 'Upload' : `Upload ${picked.length} photo${picked.length === 1 ? '' : 's'}`}
          </Button>
        </Actions>
      </Dialog>
    </div>
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
  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
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

const RemoveButton = styled.button`
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

const DropZone = styled.label`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 6px;
  padding: 28px 16px;
  border: 2px dashed var(--border);
  border-radius: var(--radius);
  background: var(--background);
  color: var(--muted);
  text-align: center;
  cursor: pointer;
  strong {
    color: var(--text);
  }
  span {
    font-size: 0.82rem;
  }
  &:hover {
    border-color: var(--primary);
  }
  input:focus-visible + & {
    box-shadow: var(--focus);
  }
`;

const Problems = styled.ul`
  margin: 12px 0 0;
  padding: 10px 14px 10px 28px;
  border-radius: var(--radius-sm);
  background: #fef2f2;
  color: var(--danger);
  font-size: 0.88rem;
`;

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

const ProgressBox = styled.div`
  margin-top: 14px;
`;

const ProgressLabel = styled.div`
  display: flex;
  justify-content: space-between;
  margin-bottom: 6px;
  font-size: 0.85rem;
  font-weight: 600;
`;

const Track = styled.div`
  height: 10px;
  overflow: hidden;
  border-radius: 999px;
  background: var(--subtle);
`;

const Bar = styled.div`
  height: 100%;
  border-radius: 999px;
  background: var(--primary);
  transition: width 150ms ease-out;
`;

const EmptyNote = styled.p`
  display: flex;
  align-items: center;
  gap: 8px;
  margin-top: 14px;
  font-size: 0.88rem;
  color: var(--muted);
`;

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: 10px;
  margin-top: 18px;
`;
