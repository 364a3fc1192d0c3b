/**
 * What the listing generator writes with, read from data/*.json and checked here: per category, title and
 * sentence templates in Vietnamese and English (and titles that mix both), the things a listing is about
 * (dishes, homes, items, jobs, services, events) with the metadata they imply, Bay Area places and names.
 *
 * Templates name slots in braces ({dish}, {city}); text.ts fills them. A template that starts with
 * "[tag,tag] " fits only listings that carry every one of those tags (a room, a car, a free event…).
 * Lists of words are ordered from common to rare: the generator picks from them with Zipf weights
 * (the first entry about twice as often as the second, three times the third…), which is what gives the
 * catalogue a long-tailed word distribution instead of every word everywhere.
 */
import { AMENITIES, CONDITIONS, CUISINE_TYPES, EVENT_TYPES, INDUSTRIES, ITEM_CATEGORIES, PROPERTY_TYPES, SERVICE_TYPES } from '@vnmarket/proto';
import { z } from 'zod';
import common from './data/common.json';
import event from './data/event.json';
import food from './data/food.json';
import jobs from './data/jobs.json';
import rent from './data/rent.json';
import sale from './data/sale.json';
import service from './data/service.json';

export type Lang = 'vi' | 'en';

/** A common-to-rare list. */
const words = z.array(z.string()).min(1);
/** Slot name → its common-to-rare list. */
const slots = z.record(z.string(), words);
const inBoth = z.object({ vi: words, en: words });
/** Names in both languages, and tags ("soup,veg") that templates may ask for. */
const named = { vi: z.string(), en: z.string(), tags: z.string().optional() };

const categoryText = z.object({
  titles: z.object({ vi: words, en: words, mix: words }),
  sentences: inBoth,
});
export type CategoryText = z.infer<typeof categoryText>;

const commonData = z.object({
  /** Where listings are, with a weight (San Jose holds the largest Vietnamese community) and what people name nearby. */
  cities: z.array(z.object({ name: z.string(), weight: z.number().positive(), spots: words })),
  /** Words every category uses; `market` names the Vietnamese markets and shops people give as landmarks. */
  slots,
  /** Lines that end a listing: how to get in touch. */
  closings: inBoth,
  people: z.object({ family: words, middle: words, given: words }),
});

const rentData = z.object({
  homes: z.record(z.enum(PROPERTY_TYPES), inBoth),
  amenities: z.record(z.enum(AMENITIES), z.object({ vi: z.string(), en: z.string() })),
  slots,
  text: categoryText,
});

const foodData = z.object({
  /** Dishes, common to rare: names, cuisine, tags (soup, veg). */
  dishes: z.array(z.object({ ...named, cuisine: z.enum(CUISINE_TYPES) })),
  slots,
  text: categoryText,
});

const saleData = z.object({
  /** Things for sale, common to rare: names, item category, brand, tags (car, tech). */
  items: z.array(z.object({ ...named, itemCategory: z.enum(ITEM_CATEGORIES), brand: z.string().optional() })),
  conditions: z.record(z.enum(CONDITIONS), inBoth),
  slots,
  text: categoryText,
});

const jobsData = z
  .object({
    /** Jobs, common to rare: names, industry, where (also a tag: nail, food, salon, office…). */
    roles: z.array(z.object({ vi: z.string(), en: z.string(), industry: z.enum(INDUSTRIES), place: z.string() })),
    workplaces: z.record(z.string(), inBoth),
    slots,
    text: categoryText,
  })
  .refine((data) => data.roles.every((role) => role.place in data.workplaces), "every role's place is one of the workplaces");

const serviceData = z.object({
  /** Services, common to rare: names, service type, tags (tax, car). */
  services: z.array(z.object({ ...named, serviceType: z.enum(SERVICE_TYPES) })),
  slots: slots.and(z.object({ when: words })),
  text: categoryText,
});

const eventData = z.object({
  /** Events, common to rare: names, event type. */
  events: z.array(z.object({ vi: z.string(), en: z.string(), eventType: z.enum(EVENT_TYPES) })),
  slots: slots.and(z.object({ organizer: words })),
  text: categoryText,
});

const COMMON = commonData.parse(common);
export const { cities: CITIES, slots: COMMON_SLOTS, closings: CLOSINGS } = COMMON;
export const { family: FAMILY_NAMES, middle: MIDDLE_NAMES, given: GIVEN_NAMES } = COMMON.people;
export const { homes: HOMES, amenities: AMENITY_WORDS, slots: RENT_SLOTS, text: RENT } = rentData.parse(rent);
export const { dishes: DISHES, slots: FOOD_SLOTS, text: FOOD } = foodData.parse(food);
export const { items: ITEMS, conditions: CONDITION_WORDS, slots: SALE_SLOTS, text: SALE } = saleData.parse(sale);
export const { roles: ROLES, workplaces: WORKPLACES, slots: JOB_SLOTS, text: JOBS } = jobsData.parse(jobs);
export const { services: SERVICES, slots: SERVICE_SLOTS, text: SERVICE } = serviceData.parse(service);
export const { events: EVENTS, slots: EVENT_SLOTS, text: EVENT } = eventData.parse(event);
