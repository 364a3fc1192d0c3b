// The listing form's photo field (./PhotoUploader.tsx) and its parts: uploaded tiles, the upload dialog, picked photos, progress.
export { PhotoUploader } from './PhotoUploader';
