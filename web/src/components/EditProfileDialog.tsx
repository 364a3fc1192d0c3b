/**
 * Edit Profile: a photo (preview; "Upload Photo" or "Change Photo"; one image of up to
 * 10 MB, uploaded with the `profile` purpose), first and last name, bio, phone (tel), location
 * ("City, State") and website (url); Cancel and "Save Changes" ("Saving..." while pending). Opening copies
 * the current user into the form; a successful save (PATCH /api/users/profile) refreshes the user and
 * whatever shows them, then closes. A failed save says "Failed to update profile. Please try again." (the
 * spec's words) and marks the fields the server refused with its messages, in the active language.
 */
import { useLingui } from '@lingui/react/macro';
import { normalizePhone, type ProfileUpdateBody, type User } from '@vnmarket/proto/auth';
import { MAX_PROFILE_PHOTO_MB } from '@vnmarket/proto/media-values';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { ApiError, isUnauthorizedError } from '../lib/api';
import { media } from '../lib/breakpoints';
import { formatPhone, initials } from '../lib/format';
import { useFailureToast, useUnauthorized } from '../lib/hooks';
import { updateProfile } from '../lib/members';
import { uploadPhoto } from '../lib/upload';
import { serverFieldErrors, serverText } from '../lib/server-messages';
import { useToast } from '../lib/toast';
import { Dialog, DialogActions } from './Dialog';
import { buttonStyles, type Variant } from './first-page-ui';
import { UploadIcon } from './Icons';
import { Avatar, Button, FieldError, FieldRow, Hint, Input, Label, Textarea } from './ui';

const MAX_BYTES = MAX_PROFILE_PHOTO_MB * 1024 * 1024;

interface ProfileForm {
  firstName: string;
  lastName: string;
  bio: string;
  phone: string;
  location: string;
  website: string;
  profileImageUrl: string;
}
type FieldName = Exclude<keyof ProfileForm, 'profileImageUrl'>;
type FormErrors = Partial<Record<FieldName | 'photo', string>>;

/** One text field of the form: a textarea when it has `rows`; `focusFirst` takes the focus as the dialog opens. */
interface FieldSpec {
  name: FieldName;
  label: string;
  type?: 'tel' | 'url';
  autoComplete?: string;
  placeholder?: string;
  hint?: string;
  rows?: number;
  focusFirst?: boolean;
}

/** The refusals a save answers without per-field messages, and the field each one is about. */
const FIELD_OF_CODE: Record<string, FieldName | 'photo'> = {
  // The only account detail a profile save can collide on is the phone number.
  account_exists: 'phone',
  not_your_photo: 'photo',
};

/** What a failed save marks: the server's per-field messages, or the one field its refusal is about (translated). */
function errorsOf(error: unknown): FormErrors {
  const fieldErrors = serverFieldErrors(error);
  if (fieldErrors) {
    return Object.fromEntries(
      Object.entries(fieldErrors).flatMap(([field, messages]) => (messages[0] ? [[field === 'profileImageUrl' ? 'photo' : field, messages[0]]] : [])),
    ) as FormErrors;
  }
  const code = error instanceof ApiError ? error.error?.code : undefined;
  const field = code && Object.hasOwn(FIELD_OF_CODE, code) ? FIELD_OF_CODE[code] : undefined;
  const message = serverText(error);
  return field && message ? { [field]: message } : {};
}

function formOf(user: User): ProfileForm {
  return {
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    bio: user.bio ?? '',
    phone: user.phone ? formatPhone(user.phone) : '',
    location: user.location ?? '',
    website: user.website ?? '',
    profileImageUrl: user.profileImageUrl ?? '',
  };
}

export function EditProfileDialog({ open, onClose, user }: { open: boolean; onClose: () => void; user: User }) {
  const [form, setForm] = useState<ProfileForm>(() => formOf(user));
  const [errors, setErrors] = useState<FormErrors>({});
  const [saving, setSaving] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  const [uploadProgress, setUploadProgress] = useState<number | null>(null);
  // Opening copies the current values in (React's "adjust state when a prop changes" pattern: no stale first frame).
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setForm(formOf(user));
      setErrors({});
      setPreview(null);
      setUploadProgress(null);
    }
  }
  const idPrefix = useId();
  const idOf = (name: FieldName | 'photo') => `${idPrefix}-${name}`;
  const photoId = idOf('photo');
  const toast = useToast();
  const failed = useFailureToast();
  const unauthorized = useUnauthorized();
  const { t } = useLingui();
  const uploading = uploadProgress !== null;
  const maxMb = MAX_PROFILE_PHOTO_MB;

  const formElement = useRef<HTMLFormElement>(null);
  // After the server's messages are drawn (an effect, not a frame: under load React may draw later), the
  // first field marked invalid takes the focus.
  const focusFirstInvalid = useRef(false);
  useEffect(() => {
    if (!focusFirstInvalid.current) return;
    focusFirstInvalid.current = false;
    formElement.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);
  // The preview is an object URL of the picked file: release it when it is replaced or the dialog goes.
  const previewUrl = useRef<string | null>(null);
  useEffect(() => {
    if (previewUrl.current && previewUrl.current !== preview) URL.revokeObjectURL(previewUrl.current);
    previewUrl.current = preview;
  }, [preview]);
  useEffect(() => () => void (previewUrl.current && URL.revokeObjectURL(previewUrl.current)), []);

  const set = (field: FieldName) => (event: { target: { value: string } }) => {
    const { value } = event.target;
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const pickPhoto = async (file: File | undefined) => {
    if (!file) return;
    const name = file.name;
    if (!file.type.startsWith('image/')) {
      setErrors((current) => ({ ...current, photo: t`${name} is not an image. Choose a JPEG, PNG, WebP or GIF file.` }));
      return;
    }
    if (file.size > MAX_BYTES) {
      setErrors((current) => ({ ...current, photo: t`${name} is larger than ${maxMb} MB.` }));
      return;
    }
    setErrors((current) => ({ ...current, photo: undefined }));
    setPreview(URL.createObjectURL(file));
    setUploadProgress(0);
    try {
      const result = await uploadPhoto(file, 'profile', (loaded) => setUploadProgress(Math.round((loaded / Math.max(file.size, 1)) * 100)));
      setForm((current) => ({ ...current, profileImageUrl: result.objectPath }));
      toast({ title: t`Success`, description: t`Profile photo uploaded successfully!` });
    } catch (error) {
      setPreview(null);
      if (isUnauthorizedError(error)) return unauthorized();
      toast({ title: t`Error`, description: t`Failed to upload profile photo. Please try again.`, variant: 'destructive' });
    } finally {
      setUploadProgress(null);
    }
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (saving || uploading) return;
    const body: ProfileUpdateBody = {
      firstName: form.firstName,
      lastName: form.lastName,
      profileImageUrl: form.profileImageUrl || null,
      bio: form.bio,
      location: form.location,
      website: form.website,
    };
    // The phone is the sign-in: sent only when it was changed (a new number needs verifying again), never cleared.
    const phone = form.phone.trim();
    if (phone && (normalizePhone(phone) ?? phone) !== user.phone) body.phone = phone;
    setSaving(true);
    try {
      await updateProfile(body);
      toast({ title: t`Success`, description: t`Profile updated successfully!` });
      onClose();
    } catch (error) {
      // The fields the server refused say why beside them; the toast says the spec's words.
      setErrors(errorsOf(error));
      focusFirstInvalid.current = true;
      failed(error, { title: t`Error`, description: t`Failed to update profile. Please try again.` });
    } finally {
      setSaving(false);
    }
  };

  const photo = preview ?? (form.profileImageUrl || null);
  const nameFields: FieldSpec[] = [
    { name: 'firstName', label: t`First name`, autoComplete: 'given-name', focusFirst: true },
    { name: 'lastName', label: t`Last name`, autoComplete: 'family-name' },
  ];
  const detailFields: FieldSpec[] = [
    { name: 'bio', label: t`Bio`, rows: 4, placeholder: t`Tell others a little about yourself` },
    { name: 'phone', label: t`Phone`, type: 'tel', autoComplete: 'tel', placeholder: '(408) 555-0123', hint: t`A new number needs to be verified again.` },
    { name: 'location', label: t`Location`, autoComplete: 'address-level2', placeholder: t`City, State` },
    { name: 'website', label: t`Website`, type: 'url', autoComplete: 'url', placeholder: 'https://example.com' },
  ];
  const field = (spec: FieldSpec) => (
    <ProfileField key={spec.name} spec={spec} id={idOf(spec.name)} value={form[spec.name]} error={errors[spec.name]} onChange={set(spec.name)} />
  );

  return (
    <Dialog
      open={open}
      onClose={() => !saving && onClose()}
      title={t`Edit Profile`}
      description={t`Update your photo and the details other members see.`}
      width={560}
      testId="edit-profile-dialog"
    >
      <form ref={formElement} onSubmit={(event) => void save(event)}>
        <PhotoRow>
          <Avatar $size={88} data-testid="profile-photo-preview">
            {photo ? <img src={photo} alt={t`Your profile photo`} /> : <span aria-hidden="true">{initials(form.firstName, form.lastName)}</span>}
          </Avatar>
          <div>
            {/* The input comes first so its label, drawn as a button, can show the keyboard focus. */}
            <input
              id={photoId}
              className="visually-hidden"
              type="file"
              accept="image/*"
              aria-describedby={`${photoId}-hint${errors.photo ? ` ${photoId}-error` : ''}`}
              data-testid="profile-photo-input"
              disabled={uploading}
              onChange={(event) => {
                void pickPhoto(event.target.files?.[0]);
                event.target.value = '';
              }}
            />
            <PhotoButton htmlFor={photoId} aria-disabled={uploading || undefined}>
              <UploadIcon size={16} /> {photo ? t`Change Photo` : t`Upload Photo`}
            </PhotoButton>
            <Hint id={`${photoId}-hint`}>{t`Square image, at least 400x400 pixels recommended. One image, up to ${maxMb} MB.`}</Hint>
            {uploading && (
              <Hint role="status" aria-live="polite">
                {t`Uploading... ${uploadProgress}%`}
              </Hint>
            )}
            {errors.photo && (
              <FieldError id={`${photoId}-error`} role="alert">
                {errors.photo}
              </FieldError>
            )}
          </div>
        </PhotoRow>

        <Names>{nameFields.map(field)}</Names>
        {detailFields.map(field)}

        <Actions>
          <Button variant="outline" onClick={onClose} disabled={saving}>
            {t`Cancel`}
          </Button>
          <Button type="submit" disabled={saving || uploading}>
            {saving ? t`Saving...` : t`Save Changes`}
          </Button>
        </Actions>
      </form>
    </Dialog>
  );
}

/** A field's label, its control, then its hint and the server's message, both read out with the control. */
function ProfileField({
  spec,
  id,
  value,
  error,
  onChange,
}: {
  spec: FieldSpec;
  id: string;
  value: string;
  error: string | undefined;
  onChange: (event: { target: { value: string } }) => void;
}) {
  const { label, type, hint, rows, focusFirst, autoComplete, placeholder } = spec;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const control = {
    id,
    value,
    onChange,
    autoComplete,
    placeholder,
    'aria-invalid': Boolean(error),
    'aria-describedby': [errorId, hintId].filter(Boolean).join(' ') || undefined,
    $invalid: Boolean(error),
  };
  return (
    <FieldRow>
      <Label htmlFor={id}>{label}</Label>
      {rows ? <Textarea {...control} rows={rows} /> : <Input {...control} type={type} data-autofocus={focusFirst || undefined} />}
      {hint && <Hint id={hintId}>{hint}</Hint>}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </FieldRow>
  );
}

const PhotoRow = styled.div`
  display: flex;
  align-items: center;
  gap: 16px;
  margin-bottom: 18px;
  > div:last-child {
    min-width: 0;
  }
`;

/** The file input's label, drawn as the outline button. */
const PhotoButton = styled.label.attrs<{ $variant?: Variant }>({ $variant: 'outline' })`
  ${buttonStyles}
  &[aria-disabled='true'] {
    opacity: 0.55;
    cursor: not-allowed;
  }
  input:focus-visible + & {
    box-shadow: var(--focus);
    outline: 2px solid var(--primary);
    outline-offset: 2px;
  }
`;

const Names = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 0 12px;
  ${media.belowPhone} {
    grid-template-columns: 1fr;
  }
`;

const Actions = styled(DialogActions)`
  margin-top: 4px;
`;
