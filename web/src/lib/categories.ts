/**
 * The categories as the screens name them (docs/glossary.md has the Vietnamese), as messages to translate
 * where they show (`i18n._(CATEGORY_INFO.rent.label)`, or `t(…)` of useLingui). Apart from lib/catalog.ts
 * because the landing page shows them: this module and proto's listing-values.ts hold no zod, so neither
 * does the first page. The Record over proto's `Category` keeps every category here.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Category } from '@vnmarket/proto/categories';

export const CATEGORY_INFO: Record<Category, { label: MessageDescriptor; short: MessageDescriptor; blurb: MessageDescriptor }> = {
  rent: { label: msg`Houses for Rent`, short: msg`Rent`, blurb: msg`Rooms, apartments and houses` },
  food: { label: msg`Specialty Food`, short: msg`Food`, blurb: msg`Home cooking and treats` },
  sale: { label: msg`Items for Sale`, short: msg`Sale`, blurb: msg`Furniture, electronics and more` },
  jobs: { label: msg`Job Hiring`, short: msg`Job`, blurb: msg`Work in the community` },
  service: { label: msg`Services`, short: msg`Service`, blurb: msg`Trusted local pros` },
  event: { label: msg`Events`, short: msg`Event`, blurb: msg`Festivals, classes, meetups` },
};
