/**
 * "Save this search" on home and every category page: the page's whole filter set (the names GET
 * /api/listings takes) kept under a name the member chooses, prefilled from the filters. A new listing that
 * matches it is then announced (notifications). Managed in Settings › Saved searches.
 */
import { useLingui } from '@lingui/react/macro';
import type { Category } from '@vnmarket/proto/listing-values';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { CATEGORY_INFO } from '../lib/categories';
import { useFailureToast } from '../lib/hooks';
import { filtersToSave, saveSearch } from '../lib/saved-searches';
import { serverText } from '../lib/server-messages';
import { useToast } from '../lib/toast';
import { Dialog, DialogActions } from './Dialog';
import { TextField } from './FormFields';
import { Button } from './ui';

const NAME_MAX = 80;

interface SaveSearchButtonProps {
  /** The page's query as it asks GET /api/listings (empty values are no filter). */
  params: Record<string, string | number | undefined | null>;
}

export function SaveSearchButton({ params }: SaveSearchButtonProps) {
  const { t, i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const toast = useToast();
  const failed = useFailureToast();
  const filters = filtersToSave(params);

  // "“phở” · Food · San Jose": what the member searched, the category, the place.
  const suggestedName = () => {
    const category = filters.category as Category | undefined;
    const parts = [
      filters.search ? `“${filters.search}”` : '',
      category && CATEGORY_INFO[category] ? i18n._(CATEGORY_INFO[category].label) : '',
      filters.near ?? filters.location ?? '',
    ].filter(Boolean);
    return (parts.length > 0 ? parts.join(' · ') : t`All listings`).slice(0, NAME_MAX);
  };

  const submit = async ({ name }: { name?: string }) => {
    try {
      await saveSearch((name ?? '').trim(), filters);
      setOpen(false);
      toast({ title: t`Search saved`, description: t`We will let you know when a new listing matches it.` });
    } catch (error) {
      failed(error, { title: t`Could not save this search`, description: serverText(error) ?? t`Something went wrong. Please try again.` });
    }
  };

  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)} data-testid="save-search">
        {t`Save this search`}
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={t`Save this search`}
        description={t`Name it, and we will let you know when someone posts a listing that matches these filters.`}
        testId="save-search-dialog"
      >
        <Form<{ name?: string }>
          onSubmit={submit}
          initialValues={{ name: suggestedName() }}
          validate={({ name }) => {
            const trimmed = (name ?? '').trim();
            if (!trimmed) return { name: t`Name is required` };
            if (trimmed.length > NAME_MAX) return { name: t`Name must be at most 80 characters` };
            return {};
          }}
        >
          {({ handleSubmit, submitting }) => (
            <form onSubmit={(event) => void handleSubmit(event)} noValidate>
              <TextField name="name" label={t`Name`} required />
              <DialogActions>
                <Button variant="outline" onClick={() => setOpen(false)}>
                  {t`Cancel`}
                </Button>
                <Button type="submit" disabled={submitting}>
                  {submitting ? t`Saving...` : t`Save search`}
                </Button>
              </DialogActions>
            </form>
          )}
        </Form>
      </Dialog>
    </>
  );
}
