/**
 * The six category pages as the spec's table has them: each one's title, subtitle, price pair, own filters
 * (the GET /api/listings names), sort options and empty-state heading, as messages to translate where they
 * show (`i18n._(page.title)`). Their values' names are ./catalog.ts's.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Category, CUISINE_TYPES, DIETARY_OPTIONS, JOB_TYPES, PRICE_TYPES, PROPERTY_TYPES } from '@vnmarket/proto/listing-values';
import {
  FORM_CONDITIONS,
  FORM_EVENT_TYPES,
  FORM_EXPERIENCE_LEVELS,
  FORM_INDUSTRIES,
  FORM_ITEM_CATEGORIES,
  FORM_SERVICE_TYPES,
  type ListingValue,
  type Of,
  PRICE_TYPE_LABELS,
  VALUE_LABELS,
} from './catalog';

/** The GET /api/listings filters a category page sets (its query-string names are the API's). */
export type CategoryFilterKey =
  | 'location'
  | 'minPrice'
  | 'maxPrice'
  | 'bedrooms'
  | 'bathrooms'
  | 'propertyType'
  | 'foodType'
  | 'dietaryOptions'
  | 'condition'
  | 'itemCategory'
  | 'priceType'
  | 'jobType'
  | 'experience'
  | 'industry'
  | 'remote'
  | 'serviceType'
  | 'eventType';

export interface FilterOption {
  value: string;
  label: MessageDescriptor;
}

/** A category-specific control: a select with an "any" choice, or a checkbox that sends one value. */
export type CategoryFilter =
  | { kind: 'select'; key: CategoryFilterKey; label: MessageDescriptor; anyLabel: MessageDescriptor; options: readonly FilterOption[] }
  | { kind: 'check'; key: CategoryFilterKey; label: MessageDescriptor; value: string };

/** What a category page shows. */
export interface CategoryPageInfo {
  title: MessageDescriptor;
  subtitle: MessageDescriptor;
  /** The legend of the min/max price pair. */
  priceLegend: MessageDescriptor;
  /** The names of the pair's two boxes, for screen readers ("Minimum price", "Maximum price"). */
  minPriceLabel: MessageDescriptor;
  maxPriceLabel: MessageDescriptor;
  /** Below location and price: the page's own filters, in the table's order. */
  filters: readonly CategoryFilter[];
  sorts: readonly FilterOption[];
  /** The empty state's heading. */
  emptyTitle: MessageDescriptor;
}

const valueOptions = (values: readonly ListingValue[]): FilterOption[] => values.map((value) => ({ value, label: VALUE_LABELS[value] }));
const priceTypeFilterOptions = (values: readonly Of<typeof PRICE_TYPES>[]): FilterOption[] =>
  values.map((value) => ({ value, label: PRICE_TYPE_LABELS[value] }));
/** "1+", "2+": at least this many (bedrooms, bathrooms). */
const atLeast = (counts: readonly number[]): FilterOption[] => counts.map((count) => ({ value: String(count), label: msg`${count}+` }));

const select = (key: CategoryFilterKey, label: MessageDescriptor, anyLabel: MessageDescriptor, options: readonly FilterOption[]): CategoryFilter => ({
  kind: 'select',
  key,
  label,
  anyLabel,
  options,
});
const check = (key: CategoryFilterKey, label: MessageDescriptor, value: string): CategoryFilter => ({ kind: 'check', key, label, value });

/** The price pair of most pages: "Price Range", "Minimum price", "Maximum price". */
const PRICE_RANGE = { priceLegend: msg`Price Range`, minPriceLabel: msg`Minimum price`, maxPriceLabel: msg`Maximum price` };

const SORT_LABELS = {
  recent: msg`Most Recent`,
  'price-low': msg`Price: Low to High`,
  'price-high': msg`Price: High to Low`,
  bedrooms: msg`Most Bedrooms`,
  popular: msg`Most Popular`,
  condition: msg`Best Condition`,
  'salary-high': msg`Salary: High to Low`,
  'salary-low': msg`Salary: Low to High`,
  relevant: msg`Most Relevant`,
  relevance: msg`Best Match`,
  rating: msg`Highest Rated`,
  date: msg`Event Date`,
} as const;
/** With a search, Best Match (the API's relevance order) comes first and is the default. */
export const sortOptionsFor = (page: CategoryPageInfo, searching: boolean): readonly FilterOption[] =>
  searching ? [{ value: 'relevance', label: SORT_LABELS.relevance }, ...page.sorts] : page.sorts;
const sorts = (...values: (keyof typeof SORT_LABELS)[]): FilterOption[] => values.map((value) => ({ value, label: SORT_LABELS[value] }));

// The cuisines the food page offers, with Vietnamese first: most of this community's food listings are Vietnamese.
const CUISINES = ['vietnamese', 'italian', 'mexican', 'chinese', 'indian', 'japanese', 'thai', 'mediterranean', 'american', 'french', 'bakery'] satisfies Of<
  typeof CUISINE_TYPES
>[];

export const CATEGORY_PAGES: Record<Category, CategoryPageInfo> = {
  rent: {
    title: msg`Houses for Rent`,
    subtitle: msg`Rooms, apartments and houses from neighbors you can trust`,
    priceLegend: msg`Monthly Rent`,
    minPriceLabel: msg`Minimum monthly rent`,
    maxPriceLabel: msg`Maximum monthly rent`,
    filters: [
      select('bedrooms', msg`Bedrooms`, msg`Any`, [{ value: '0', label: msg`Studio` }, ...atLeast([1, 2, 3, 4])]),
      select('bathrooms', msg`Bathrooms`, msg`Any`, atLeast([1, 2, 3])),
      select(
        'propertyType',
        msg`Property Type`,
        msg`All Types`,
        valueOptions(['apartment', 'house', 'condo', 'townhouse', 'studio'] satisfies Of<typeof PROPERTY_TYPES>[]),
      ),
    ],
    sorts: sorts('recent', 'price-low', 'price-high', 'bedrooms'),
    emptyTitle: msg`No properties found`,
  },
  food: {
    title: msg`Specialty Food`,
    subtitle: msg`Home cooking, baked goods and treats from the community`,
    ...PRICE_RANGE,
    filters: [
      select('foodType', msg`Cuisine`, msg`All Cuisines`, valueOptions(CUISINES)),
      select(
        'dietaryOptions',
        msg`Dietary`,
        msg`Any`,
        valueOptions(['vegetarian', 'vegan', 'gluten-free', 'halal', 'kosher', 'organic'] satisfies Of<typeof DIETARY_OPTIONS>[]),
      ),
    ],
    sorts: sorts('recent', 'price-low', 'price-high', 'popular'),
    emptyTitle: msg`No food items found`,
  },
  sale: {
    title: msg`Items for Sale`,
    subtitle: msg`Furniture, electronics and more, bought and sold locally`,
    ...PRICE_RANGE,
    filters: [
      select('condition', msg`Condition`, msg`Any Condition`, valueOptions(FORM_CONDITIONS)),
      select('itemCategory', msg`Item Category`, msg`All Items`, valueOptions(FORM_ITEM_CATEGORIES)),
      check('priceType', msg`Negotiable price only`, 'negotiable'),
    ],
    sorts: sorts('recent', 'price-low', 'price-high', 'condition'),
    emptyTitle: msg`No items found`,
  },
  jobs: {
    title: msg`Job Opportunities`,
    subtitle: msg`Work in the community, from part-time shifts to careers`,
    priceLegend: msg`Salary Range`,
    minPriceLabel: msg`Minimum salary`,
    maxPriceLabel: msg`Maximum salary`,
    filters: [
      select(
        'jobType',
        msg`Job Type`,
        msg`All Job Types`,
        valueOptions(['full-time', 'part-time', 'contract', 'freelance', 'internship', 'temporary'] satisfies Of<typeof JOB_TYPES>[]),
      ),
      select('experience', msg`Experience Level`, msg`Any Experience`, valueOptions(FORM_EXPERIENCE_LEVELS)),
      select('industry', msg`Industry`, msg`All Industries`, valueOptions(FORM_INDUSTRIES)),
      check('remote', msg`Remote work available`, 'true'),
    ],
    sorts: sorts('recent', 'salary-high', 'salary-low', 'relevant'),
    emptyTitle: msg`No jobs found`,
  },
  service: {
    title: msg`Professional Services`,
    subtitle: msg`Trusted local pros for your home, business and family`,
    ...PRICE_RANGE,
    filters: [
      select('serviceType', msg`Service Type`, msg`All Services`, valueOptions(FORM_SERVICE_TYPES.filter((value) => value !== 'photography'))),
      select('priceType', msg`Price Type`, msg`Any`, priceTypeFilterOptions(['hourly', 'fixed', 'negotiable'])),
    ],
    sorts: sorts('recent', 'price-low', 'price-high', 'rating'),
    emptyTitle: msg`No services found`,
  },
  event: {
    title: msg`Community Events`,
    subtitle: msg`Festivals, classes, meetups and celebrations near you`,
    priceLegend: msg`Ticket Price`,
    minPriceLabel: msg`Minimum ticket price`,
    maxPriceLabel: msg`Maximum ticket price`,
    filters: [
      select('eventType', msg`Event Type`, msg`All Events`, valueOptions(FORM_EVENT_TYPES)),
      select('priceType', msg`Ticket Type`, msg`Any`, priceTypeFilterOptions(['free', 'paid', 'donation'])),
    ],
    sorts: sorts('recent', 'date', 'price-low', 'price-high'),
    emptyTitle: msg`No events found`,
  },
};
