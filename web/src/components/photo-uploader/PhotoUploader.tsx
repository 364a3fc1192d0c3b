/**
 * Listing photos: at most 10 images of up to 5 MB each, image types only, previews before upload, an
 * upload progress bar, per-photo remove. After a successful upload the selection is cleared and the
 * upload dialog closes after 500 ms.
 */
import { useLingui } from '@lingui/react/macro';
import { MAX_LISTING_IMAGES } from '@vnmarket/proto/listing-values';
import { MAX_LISTING_PHOTO_MB } from '@vnmarket/proto/media-values';
import { useState } from 'react';
import { PlusIcon } from '../Icons';
import { Button, Hint } from '../ui';
import { UploadDialog } from './UploadDialog';
import { UploadedPhotos } from './UploadedPhotos';

/** The form field: the photos so far, "Add Photos" (or "Add More Photos") opening the upload dialog, and the limits. */
export function PhotoUploader({ images, onChange }: { images: string[]; onChange: (images: string[]) => void }) {
  const [open, setOpen] = useState(false);
  const remaining = MAX_LISTING_IMAGES - images.length;
  const { t } = useLingui();
  const count = images.length;
  const max = MAX_LISTING_IMAGES;
  const maxMb = MAX_LISTING_PHOTO_MB;
  return (
    <div>
      {images.length > 0 && <UploadedPhotos images={images} onChange={onChange} />}
      <Button variant="outline" onClick={() => setOpen(true)} disabled={remaining <= 0}>
        <PlusIcon size={16} /> {images.length > 0 ? t`Add More Photos` : t`Add Photos`}
      </Button>
      <Hint>{t`${count}/${max} photos. Up to ${max} images, ${maxMb} MB each. For best results use photos at least 800x800 pixels.`}</Hint>
      <UploadDialog open={open} onClose={() => setOpen(false)} images={images} onChange={onChange} />
    </div>
  );
}
