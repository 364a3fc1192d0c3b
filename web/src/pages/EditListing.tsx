/** Edit listing (/listing/{id}/edit): spec sections 2, 4, 5 and 8. */
import type { Listing, ListingInput } from '@vnmarket/proto';
import { useMemo } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import useSWR from 'swr';
import { EMPTY_LISTING, ListingForm, type ListingFormValues } from '../components/ListingForm';
import { useToast } from '../components/Toast';
import { ButtonLink, CenteredMessage, Skeleton } from '../components/ui';
import { apiRequest } from '../lib/api';
import { revalidateListings, useFailureToast, useRequireAuth } from '../lib/hooks';
import { submissionErrors } from '../lib/validation';
import { FormPage } from './FormPage';

/** Prefill (spec section 2): priceType fixed and contactPreference message by default, other fields "". */
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
  const { user, isLoading: authLoading, isAuthenticated } = useRequireAuth('You need to be logged in to edit a listing.');
  const { data: listing, error } = useSWR<Listing>(isAuthenticated ? `/api/listings/${id}` : null);
  const navigate = useNavigate();
  const toast = useToast();
  const failed = useFailureToast();
  const initialValues = useMemo(() => (listing ? valuesOf(listing) : undefined), [listing]);

  const onSubmit = async (body: ListingInput) => {
    try {
      await apiRequest('PUT', `/api/listings/${id}`, body);
    } catch (updateError) {
      failed(updateError, { title: 'Error', description: 'Failed to update listing. Please try again.' }, 'You need to be logged in to edit a listing.');
      return submissionErrors(updateError);
    }
    toast({ title: 'Success', description: 'Your listing has been updated successfully!' });
    await revalidateListings();
    navigate(`/listing/${id}`);
    return undefined;
  };

  let content;
  if (error) {
    content = (
      <CenteredMessage role="alert">
        <h2>Failed to fetch listing</h2>
        <ButtonLink to="/">Browse Listings</ButtonLink>
      </CenteredMessage>
    );
  } else if (authLoading || !isAuthenticated || !listing || !initialValues) {
    content = <Skeleton $height="420px" $radius="12px" />;
  } else if (listing.userId !== user?.id) {
    content = (
      <CenteredMessage role="alert">
        <h2>You can only edit your own listings</h2>
        <ButtonLink to={`/listing/${id}`}>Back to the listing</ButtonLink>
      </CenteredMessage>
    );
  } else {
    content = (
      <ListingForm initialValues={initialValues} resetOnCategoryChange={false} submitLabel="Update Listing" pendingLabel="Updating..." cancelTo={`/listing/${id}`} onSubmit={onSubmit} />
    );
  }

  return (
    <FormPage title="Edit Listing" backTo={`/listing/${id}`}>
      {content}
    </FormPage>
  );
}
