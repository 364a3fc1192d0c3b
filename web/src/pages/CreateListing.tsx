/**
 * Create listing (/create-listing), members only: the empty form, sent as POST; success toasts and opens
 * the new listing, a failure shows the field errors and the error toast.
 */
import { useLingui } from '@lingui/react/macro';
import type { Listing, ListingInput } from '@vnmarket/proto/listings';
import { useNavigate } from '../lib/router';
import { EMPTY_LISTING, ListingForm } from '../components/ListingForm';
import { Skeleton } from '../components/ui';
import { useFailureToast, useRequireAuth } from '../lib/hooks';
import { createListing } from '../lib/listings';
import { useToast } from '../lib/toast';
import { submissionErrors } from '../lib/validation';
import { FormPage } from './FormPage';

export default function CreateListing() {
  const { t } = useLingui();
  const { isLoading, isAuthenticated } = useRequireAuth(t`You need to be logged in to create a listing.`);
  const navigate = useNavigate();
  const toast = useToast();
  const failed = useFailureToast();

  const onSubmit = async (body: ListingInput) => {
    let created: Listing;
    try {
      created = await createListing(body);
    } catch (error) {
      failed(error, { title: t`Error`, description: t`Failed to create listing. Please try again.` }, t`You need to be logged in to create a listing.`);
      return submissionErrors(error);
    }
    toast({ title: t`Success`, description: t`Your listing has been created successfully!` });
    void navigate(`/listing/${created.id}`);
    return undefined;
  };

  return (
    <FormPage title={t`Create New Listing`} backTo="/">
      {isLoading || !isAuthenticated ? (
        <Skeleton $height="420px" $radius="12px" />
      ) : (
        <ListingForm
          initialValues={EMPTY_LISTING}
          resetOnCategoryChange
          submitLabel={t`Publish Listing`}
          pendingLabel={t`Publishing...`}
          cancelTo="/"
          onSubmit={onSubmit}
        />
      )}
    </FormPage>
  );
}
