/**
 * The create and edit form: fields by category, the category's price label and price types, photos,
 * contact preference. Required fields missing → the "Error" toast and
 * nothing is sent; otherwise the body is checked with proto's listingBody and sent.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { CATEGORIES, type Category, listingBody, type ListingBody, type ListingInput } from '@vnmarket/proto/listings';
import { Field, Form } from 'react-final-form';
import styled from 'styled-components';
import { media } from '../lib/breakpoints';
import {
  CATEGORY_INFO,
  defaultPriceType,
  detailValueLabel,
  FORM_AMENITIES,
  FORM_CONDITIONS,
  FORM_CUISINE_TYPES,
  FORM_DIETARY_OPTIONS,
  FORM_EVENT_TYPES,
  FORM_EXPERIENCE_LEVELS,
  FORM_INDUSTRIES,
  FORM_ITEM_CATEGORIES,
  FORM_JOB_TYPES,
  FORM_PROPERTY_TYPES,
  FORM_SERVICE_TYPES,
  priceLabel,
  priceTypeOptions,
  valueLabel,
} from '../lib/catalog';
import { useToast } from '../lib/toast';
import { FOCUS_FIRST_ERROR, issuesByField } from '../lib/validation';
import { errorOf, SelectField, TextAreaField, TextField } from './FormFields';
import { PhotoUploader } from './photo-uploader';
import { PlaceSuggestions } from './PlaceSuggestions';
import { Button, ButtonLink, Card, CheckRow, FieldRow } from './ui';

export interface ListingFormValues {
  title: string;
  description: string;
  category: Category | '';
  price: string;
  priceType: string;
  condition: string;
  location: string;
  contactPreference: string;
  images: string[];
  metadata: Record<string, unknown>;
}

export const EMPTY_LISTING: ListingFormValues = {
  title: '',
  description: '',
  category: '',
  price: '',
  priceType: 'fixed',
  condition: '',
  location: '',
  contactPreference: 'message',
  images: [],
  metadata: {},
};

/** The required fields, in the form's order, and what each says when it is left empty (the price by its label). */
const REQUIRED: [keyof ListingFormValues, (category: Category | '') => MessageDescriptor][] = [
  ['title', () => msg`Title is required`],
  ['category', () => msg`Category is required`],
  ['description', () => msg`Description is required`],
  ['price', (category) => (category === 'jobs' ? msg`Wage is required` : category === 'event' ? msg`Ticket Price is required` : msg`Price is required`)],
  ['location', () => msg`Location is required`],
];

const options = (values: readonly string[], label: (value: string) => string = valueLabel) => values.map((value) => ({ value, label: label(value) }));

function CategoryFields({ category }: { category: Category | '' }) {
  const { t } = useLingui();
  switch (category) {
    case 'jobs':
      return (
        <>
          <Three>
            <SelectField name="metadata.jobType" label={t`Job Type`} placeholder={t`Select job type`} options={options(FORM_JOB_TYPES)} />
            <SelectField name="metadata.experienceLevel" label={t`Experience Level`} placeholder={t`Select level`} options={options(FORM_EXPERIENCE_LEVELS)} />
            <SelectField name="metadata.industry" label={t`Industry`} placeholder={t`Select industry`} options={options(FORM_INDUSTRIES)} />
          </Three>
          <Field name="metadata.remote" type="checkbox">
            {({ input }) => (
              <FieldRow>
                <TallCheck>
                  <input {...input} />
                  {t`Remote work available`}
                </TallCheck>
              </FieldRow>
            )}
          </Field>
        </>
      );
    case 'rent':
      return (
        <>
          <Three>
            <SelectField name="metadata.propertyType" label={t`Property Type`} placeholder={t`Select type`} options={options(FORM_PROPERTY_TYPES)} />
            <TextField name="metadata.bedrooms" label={t`Bedrooms`} type="number" min="0" step="1" inputMode="numeric" />
            <TextField name="metadata.bathrooms" label={t`Bathrooms`} type="number" min="0" step="0.5" inputMode="decimal" />
          </Three>
          <CheckGroup name="metadata.amenities" legend={t`Amenities`} values={FORM_AMENITIES} label={(value) => detailValueLabel(value, true)} />
        </>
      );
    case 'food':
      return (
        <>
          <SelectField name="metadata.cuisineType" label={t`Cuisine Type`} placeholder={t`Select cuisine`} options={options(FORM_CUISINE_TYPES)} />
          <CheckGroup name="metadata.dietaryInfo" legend={t`Dietary Information`} values={FORM_DIETARY_OPTIONS} />
        </>
      );
    case 'sale':
      return (
        <Three>
          <SelectField name="condition" label={t`Condition`} placeholder={t`Select condition`} options={options(FORM_CONDITIONS)} />
          <SelectField name="metadata.itemCategory" label={t`Item Category`} placeholder={t`Select item category`} options={options(FORM_ITEM_CATEGORIES)} />
          <TextField name="metadata.brand" label={t`Brand`} placeholder={t`e.g. IKEA, Apple`} />
        </Three>
      );
    case 'service':
      return (
        <Two>
          <SelectField name="metadata.serviceType" label={t`Service Type`} placeholder={t`Select service`} options={options(FORM_SERVICE_TYPES)} />
          <TextField name="metadata.availability" label={t`Availability`} placeholder={t`e.g. Weekdays 9am–5pm`} />
        </Two>
      );
    case 'event':
      return (
        <>
          <SelectField name="metadata.eventType" label={t`Event Type`} placeholder={t`Select event type`} options={options(FORM_EVENT_TYPES)} />
          <Two>
            <TextField name="metadata.eventDate" label={t`Event Date`} type="date" />
            <TextField name="metadata.eventTime" label={t`Event Time`} placeholder={t`e.g. 6:30 PM`} />
          </Two>
          <Three>
            <TextField name="metadata.duration" label={t`Duration`} placeholder={t`e.g. 3 hours`} />
            <TextField name="metadata.capacity" label={t`Capacity`} type="number" min="0" step="1" inputMode="numeric" />
            <TextField name="metadata.organizer" label={t`Organizer`} />
          </Three>
        </>
      );
    default:
      return null;
  }
}

function CheckGroup({
  name,
  legend,
  values,
  label = valueLabel,
}: {
  name: string;
  legend: string;
  values: readonly string[];
  label?: (value: string) => string;
}) {
  return (
    <Fieldset>
      <legend>{legend}</legend>
      <Checks>
        {values.map((value) => (
          <Field key={value} name={name} type="checkbox" value={value}>
            {({ input }) => (
              <CheckRow>
                <input {...input} />
                {label(value)}
              </CheckRow>
            )}
          </Field>
        ))}
      </Checks>
    </Fieldset>
  );
}

interface ListingFormProps {
  initialValues: ListingFormValues;
  /** Create resets metadata and price type when the category changes; edit does not (a listing keeps its details). */
  resetOnCategoryChange: boolean;
  submitLabel: string;
  pendingLabel: string;
  cancelTo: string;
  onSubmit: (body: ListingInput) => Promise<Record<string, unknown> | undefined | void>;
}

export function ListingForm({ initialValues, resetOnCategoryChange, submitLabel, pendingLabel, cancelTo, onSubmit }: ListingFormProps) {
  const toast = useToast();
  const { t, i18n } = useLingui();
  const detailsTitle = (category: Category) => {
    const categoryName = i18n._(CATEGORY_INFO[category].label);
    return t`${categoryName} Details`;
  };

  const submit = async (values: ListingFormValues) => {
    const missing = REQUIRED.filter(([key]) => String(values[key] ?? '').trim() === '');
    if (missing.length > 0) {
      toast({ title: t`Error`, description: t`Please fill in all required fields.`, variant: 'destructive' });
      // Each empty field says so beside it, and the first takes the focus (FOCUS_FIRST_ERROR).
      return Object.fromEntries(missing.map(([key, message]) => [key, i18n._(message(values.category))]));
    }
    const input: ListingBody = {
      title: values.title,
      description: values.description,
      category: values.category as Category,
      price: values.price,
      priceType: values.priceType as ListingBody['priceType'],
      condition: (values.condition || null) as ListingBody['condition'],
      location: values.location,
      contactPreference: values.contactPreference as ListingBody['contactPreference'],
      images: values.images,
      metadata: values.metadata ?? {},
    };
    const parsed = listingBody.safeParse(input);
    if (!parsed.success) return issuesByField(parsed.error);
    return (await onSubmit(parsed.data)) ?? undefined;
  };

  return (
    <Form<ListingFormValues> onSubmit={submit} initialValues={initialValues} initialValuesEqual={() => true} decorators={FOCUS_FIRST_ERROR}>
      {({ handleSubmit, submitting, values, form }) => (
        <form onSubmit={(event) => void handleSubmit(event)} noValidate>
          <Panel>
            <h2>{t`Basic Information`}</h2>
            <TextField name="title" label={t`Title`} required placeholder={t`What are you offering?`} />
            <SelectField
              name="category"
              label={t`Category`}
              required
              placeholder={t`Select a category`}
              options={CATEGORIES.map((category) => ({ value: category, label: i18n._(CATEGORY_INFO[category].label) }))}
              onChange={(category) => {
                if (!resetOnCategoryChange) return;
                form.batch(() => {
                  form.change('metadata', {});
                  form.change('priceType', defaultPriceType(category as Category | ''));
                });
              }}
            />
            <TextAreaField
              name="description"
              label={t`Description`}
              required
              rows={5}
              placeholder={t`Describe it: what it is, its condition, what is included...`}
            />
            <Two>
              <TextField name="price" label={priceLabel(values.category)} required type="number" step="0.01" min="0" inputMode="decimal" placeholder="0.00" />
              <SelectField name="priceType" label={t`Price Type`} options={priceTypeOptions(values.category)} />
            </Two>
            {/* Suggested from the place list: a place of it puts the listing on the map for "Within N miles". */}
            <TextField name="location" label={t`Location`} required placeholder={t`e.g. San Jose, CA`} list="listing-location-places" autoComplete="off" />
            <Field name="location" subscription={{ value: true }}>
              {({ input }) => <PlaceSuggestions id="listing-location-places" typed={String(input.value ?? '')} />}
            </Field>
          </Panel>

          {values.category && (
            <Panel>
              <h2>{detailsTitle(values.category)}</h2>
              <CategoryFields category={values.category} />
            </Panel>
          )}

          <Panel>
            <h2>{t`Photos`}</h2>
            <Field name="images">
              {({ input, meta }) => (
                <FieldRow>
                  <PhotoUploader images={(input.value as string[]) || []} onChange={(images) => input.onChange(images)} />
                  {errorOf(meta) && <p style={{ color: 'var(--danger)', fontSize: '0.85rem', marginTop: 6 }}>{errorOf(meta)}</p>}
                </FieldRow>
              )}
            </Field>
          </Panel>

          <Panel>
            <h2>{t`Contact Preference`}</h2>
            <Fieldset>
              <legend className="visually-hidden">{t`How buyers contact you`}</legend>
              <Field name="contactPreference" type="radio" value="message">
                {({ input }) => (
                  <Choice>
                    <input {...input} />
                    <span>
                      <strong>{t`Message through the app`}</strong>
                      <small>{t`Recommended for privacy: buyers message you here.`}</small>
                    </span>
                  </Choice>
                )}
              </Field>
              <Field name="contactPreference" type="radio" value="phone">
                {({ input }) => (
                  <Choice>
                    <input {...input} />
                    <span>
                      <strong>{t`Phone`}</strong>
                      <small>{t`Show your phone number on the listing.`}</small>
                    </span>
                  </Choice>
                )}
              </Field>
            </Fieldset>
          </Panel>

          <FormActions>
            <ButtonLink to={cancelTo} variant="outline">
              {t`Cancel`}
            </ButtonLink>
            <Button type="submit" disabled={submitting}>
              {submitting ? pendingLabel : submitLabel}
            </Button>
          </FormActions>
        </form>
      )}
    </Form>
  );
}

const Panel = styled(Card)`
  padding: 20px;
  margin-bottom: 18px;
  ${media.tablet} {
    padding: 24px;
  }
  > h2 {
    margin-bottom: 16px;
    font-size: 1.1rem;
    font-weight: 700;
  }
`;

const Two = styled.div`
  display: grid;
  gap: 0 16px;
  ${media.tablet} {
    grid-template-columns: 1fr 1fr;
  }
`;

const Three = styled.div`
  display: grid;
  gap: 0 16px;
  ${media.tablet} {
    grid-template-columns: repeat(3, 1fr);
  }
`;

const Fieldset = styled.fieldset`
  margin: 0 0 18px;
  padding: 0;
  border: 0;
  min-width: 0;
  legend {
    margin-bottom: 6px;
    padding: 0;
    font-size: 0.9rem;
    font-weight: 600;
  }
`;

const Checks = styled.div`
  display: grid;
  gap: 2px 16px;
  ${media.tablet} {
    grid-template-columns: repeat(3, 1fr);
  }
`;

/** A lone checkbox row, tall enough to tap. */
const TallCheck = styled(CheckRow)`
  min-height: 44px;
`;

const Choice = styled.label`
  display: flex;
  align-items: flex-start;
  gap: 12px;
  padding: 12px 14px;
  margin-bottom: 10px;
  border: 1px solid var(--border);
  border-radius: var(--radius-sm);
  cursor: pointer;
  &:has(input:checked) {
    border-color: var(--primary);
    background: var(--primary-soft);
  }
  input {
    margin-top: 4px;
    accent-color: var(--primary);
  }
  span {
    display: flex;
    flex-direction: column;
  }
  small {
    color: var(--muted);
    font-size: 0.85rem;
  }
`;

const FormActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: 12px;
`;
