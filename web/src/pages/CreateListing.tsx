/** Create listing (/create-listing): spec sections 2, 4, 5 and 8. */
import type { Listing, ListingInput } from '@vnmarket/proto';
import { useNavigate } from 'react-router-dom';
import { EMPTY_LISTING, ListingForm } from '../components/ListingForm';
import { useToast } from '../components/Toast';
import { Skeleton } from '../components/ui';
import { apiRequest } from '../lib/api';
import { revalidateListings, useFailureToast, useRequireAuth } from '../lib/hooks';
import { submissionErrors } from '../lib/validation';
import { FormPage } from './FormPage';

export default function CreateListing() {
  const { isLoading, isAuthenticated } = useRequireAuth('You need to be logged in to create a listing.');
  const navigate = useNavigate();
  const toast = useToast();
  const failed = useFailureToast();

  const onSubmit = async (body: ListingInput) => {
    let created: Listing;
    try {
      created = (await (await apiRequest('POST', '/api/listings', body)).json()) as Listing;
    } catch (error) {
      failed(error, { title: 'Error', description: 'Failed to create listing. Please try again.' }, 'You need to be logged in to create a listing.');
      return submissionErrors(error);
    }
    toast({ title: 'Success', description: 'Your listing has been created successfully!' });
    void revalidateListings();
    navigate(`/listing/${created.id}`);
    return undefined;
  };

  return (
    <FormPage title="Create New Listing" backTo="/">
      {isLoading || !isAuthenticated ? (
        <Skeleton $height="420px" $radius="12px" />
      ) : (
        <ListingForm initialValues={EMPTY_LISTING} resetOnCategoryChange submitLabel="Publish Listing" pendingLabel="Publishing..." cancelTo="/" onSubmit={onSubmit} />
      )}
    </FormPage>
  );
}
