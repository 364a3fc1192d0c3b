/**
 * Edit listing (/listing/{id}/edit), owner only: the form prefilled with the listing, sent as PUT; success
 * toasts and returns to the listing, a failure shows the field errors and the error toast.
 */
import { useLingui } from '@lingui/react/macro';
import type { Listing, ListingInput } from '@vnmarket/proto/listings';
import { useMemo } from 'react';
import { useNavigate, useParams } from '../lib/router';
import { EMPTY_LISTING, ListingForm, type ListingFormValues } from '../components/ListingForm';
import { ButtonLink, CenteredMessage, Skeleton } from '../components/ui';
import { useFailureToast, useRequireAuth } from '../lib/hooks';
import { updateListing, useListing } from '../lib/listings';
import { useToast } from '../lib/toast';
import { submissionErrors } from '../lib/validation';
import { FormPage } from './FormPage';

/** Prefill: priceType fixed and contactPreference message when missing, other missing fields "". */
function valuesOf(listing: Listing): ListingFormValues {
  const metadata = Object.fromEntries(Object.entries(listing.metadata ?? {}).map(([key, value]) => [key, typeof value === 'number' ? String(value) : value]));
  return {
    ...EMPTY_LISTING,
    title: listing.title ?? '',
    description: listing.description ?? '',
    category: listing.category ?? '',
    price: listing.price ?? '',
    priceType: listing.priceType || 'fixed',
    condition: listing.condition ?? '',
    location: listing.location ?? '',
    contactPreference: listing.contactPreference || 'message',
    images: listing.images ?? [],
    metadata,
  };
}

export default function EditListing() {
  const { id = '' } = useParams();
  const { t } = useLingui();
  const { user, isLoading: authLoading, isAuthenticated, memberDataEnabled } = useRequireAuth(t`You need to be logged in to edit a listing.`);
  const { data: listing, error } = useListing(memberDataEnabled ? id : undefined);
  const navigate = useNavigate();
  const toast = useToast();
  const failed = useFailureToast();
  const initialValues = useMemo(() => (listing ? valuesOf(listing) : undefined), [listing]);

  const onSubmit = async (body: ListingInput) => {
    try {
      await updateListing(id, body);
    } catch (updateError) {
      failed(updateError, { title: t`Error`, description: t`Failed to update listing. Please try again.` }, t`You need to be logged in to edit a listing.`);
      return submissionErrors(updateError);
    }
    toast({ title: t`Success`, description: t`Your listing has been updated successfully!` });
    void navigate(`/listing/${id}`);
    return undefined;
  };

  let content;
  if (error && isAuthenticated) {
    content = (
      <CenteredMessage role="alert">
        <h2>{t`Failed to fetch listing`}</h2>
        <ButtonLink to="/">{t`Browse Listings`}</ButtonLink>
      </CenteredMessage>
    );
  } else if (authLoading || !isAuthenticated || !listing || !initialValues) {
    content = <Skeleton $height="420px" $radius="12px" />;
  } else if (listing.userId !== user?.id) {
    content = (
      <CenteredMessage role="alert">
        <h2>{t`You can only edit your own listings`}</h2>
        <ButtonLink to={`/listing/${id}`}>{t`Back to the listing`}</ButtonLink>
      </CenteredMessage>
    );
  } else {
    content = (
      <ListingForm
        initialValues={initialValues}
        resetOnCategoryChange={false}
        submitLabel={t`Update Listing`}
        pendingLabel={t`Updating...`}
        cancelTo={`/listing/${id}`}
        onSubmit={onSubmit}
      />
    );
  }

  return (
    <FormPage title={t`Edit Listing`} backTo={`/listing/${id}`}>
      {content}
    </FormPage>
  );
}
