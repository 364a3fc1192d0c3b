/** A photo chosen in the upload dialog, not uploaded yet: its preview (an object URL) and, after a failed upload, why. */
export interface Picked {
  id: string;
  file: File;
  preview: string;
  error?: string;
}
