import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { MAX_LISTING_IMAGES } from '@vnmarket/proto/listing-values';
import { MAX_LISTING_PHOTO_MB } from '@vnmarket/proto/media-values';
import { useEffect, useId, useMemo, useRef, useState, type DragEvent } from 'react';
import styled from 'styled-components';
import { isUnauthorizedError } from '../../lib/api';
import { useUnauthorized } from '../../lib/hooks';
import { UPLOADER_CLOSE_MS } from '../../lib/timing';
import { useToast } from '../../lib/toast';
import { UploadError, uploadPhoto } from '../../lib/upload';
import { Dialog, DialogActions } from '../Dialog';
import { ImageIcon, UploadIcon } from '../Icons';
import { Button } from '../ui';
import { PickedPhotos } from './PickedPhotos';
import type { Picked } from './types';
import { UploadProgress } from './UploadProgress';

const MAX_BYTES = MAX_LISTING_PHOTO_MB * 1024 * 1024;

interface Props {
  open: boolean;
  onClose: () => void;
  images: string[];
  onChange: (images: string[]) => void;
}

/**
 * The "Upload Photos" dialog: choose or drop images (image types only, up to the size and count limits,
 * with previews), then upload them with one progress bar. Uploaded photos join `images`; failed ones stay
 * picked with their error. After a full success the selection clears and the dialog closes after 500 ms.
 * It stays mounted while closed, so a selection survives closing and reopening.
 */
export function UploadDialog({ open, onClose, images, onChange }: Props) {
  const [picked, setPicked] = useState<Picked[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [phase, setPhase] = useState<'idle' | 'uploading' | 'done'>('idle');
  const inputId = useId();
  const toast = useToast();
  const unauthorized = useUnauthorized();
  const { t } = useLingui();
  const remaining = MAX_LISTING_IMAGES - images.length;
  const maxMb = MAX_LISTING_PHOTO_MB;

  // Previews are object URLs: release them with the selection.
  const previews = useRef(new Set<string>());
  useEffect(() => () => previews.current.forEach((url) => URL.revokeObjectURL(url)), []);

  const addFiles = (files: FileList | File[]) => {
    const next = [...picked];
    const issues: string[] = [];
    for (const file of files) {
      const name = file.name;
      if (!file.type.startsWith('image/')) {
        issues.push(t`${name} is not an image`);
        continue;
      }
      if (file.size > MAX_BYTES) {
        issues.push(t`${name} is larger than ${maxMb} MB`);
        continue;
      }
      if (next.length >= remaining) {
        const max = MAX_LISTING_IMAGES;
        issues.push(t`You can add at most ${max} photos`);
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

  const pickedCount = picked.length;
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
        toastText ??= error instanceof UploadError ? error.toast : t`Failed to process uploaded images`;
        failed.push({ ...item, error: error instanceof Error ? error.message : String(error) });
      }
      done += item.file.size;
      setProgress(Math.round((done / Math.max(totalBytes, 1)) * 100));
    }
    if (uploaded.length > 0) onChange([...images, ...uploaded]);
    if (failed.length > 0) {
      toast({ title: t`Error`, description: toastText ?? t`Failed to process uploaded images`, variant: 'destructive' });
      setPicked(failed);
      setPhase('idle');
      return;
    }
    toast({ title: t`Success`, description: t`Images uploaded successfully!` });
    for (const item of picked) URL.revokeObjectURL(item.preview);
    setPicked([]);
    setPhase('done');
    window.setTimeout(() => {
      onClose();
      setPhase('idle');
      setProgress(null);
    }, UPLOADER_CLOSE_MS);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    if (event.dataTransfer.files.length > 0) addFiles(event.dataTransfer.files);
  };

  return (
    <Dialog
      open={open}
      onClose={() => phase !== 'uploading' && onClose()}
      title={t`Upload Photos`}
      description={t`${plural(remaining, { one: 'You can add # more photo.', other: 'You can add # more photos.' })}`}
      width={560}
      testId="photo-uploader"
    >
      {/* The input comes first so the drop zone can show its keyboard focus (input:focus-visible + label). */}
      <input
        id={inputId}
        className="visually-hidden"
        type="file"
        accept="image/*"
        multiple
        aria-label={t`Choose photos`}
        data-testid="photo-input"
        onChange={(event) => {
          if (event.target.files) addFiles(event.target.files);
          event.target.value = '';
        }}
      />
      <DropZone htmlFor={inputId} onDragOver={(event) => event.preventDefault()} onDrop={onDrop}>
        <UploadIcon size={28} />
        <strong>{t`Choose photos or drag them here`}</strong>
        <span>{t`JPEG, PNG, WebP or GIF · up to ${maxMb} MB each · at least 800x800 pixels recommended`}</span>
      </DropZone>
      {problems.length > 0 && (
        <Problems role="alert">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </Problems>
      )}
      {picked.length > 0 && <PickedPhotos picked={picked} onRemove={unpick} disabled={phase === 'uploading'} />}
      {progress !== null && <UploadProgress progress={progress} done={phase === 'done'} />}
      {picked.length === 0 && phase !== 'done' && (
        <EmptyNote>
          <ImageIcon size={18} /> {t`No photos selected yet`}
        </EmptyNote>
      )}
      <Actions>
        <Button variant="outline" onClick={onClose} disabled={phase === 'uploading'}>
          {t`Cancel`}
        </Button>
        <Button onClick={() => void upload()} disabled={picked.length === 0 || phase === 'uploading'}>
          {phase === 'uploading'
            ? t`Uploading...`
            : pickedCount === 0
              ? t`Upload`
              : t`${plural(pickedCount, { one: 'Upload # photo', other: 'Upload # photos' })}`}
        </Button>
      </Actions>
    </Dialog>
  );
}

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
    outline: 2px solid transparent;
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

const EmptyNote = styled.p`
  display: flex;
  align-items: center;
  gap: 8px;
  margin-top: 14px;
  font-size: 0.88rem;
  color: var(--muted);
`;

const Actions = styled(DialogActions)`
  margin-top: 18px;
`;
