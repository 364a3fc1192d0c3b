/**
 * A listing as schema.org structured data (JSON-LD), in the type that fits its category: a Product with its
 * Offer (for sale, food), a JobPosting (jobs), an Event (events), an Offer of an Accommodation (houses for
 * rent), a Service (services). Prices in US dollars.
 */
import type { ListingPreview } from '@vnmarket/proto';
import { excerpt } from './texts';

type VisibleListing = Extract<ListingPreview, { visible: true }>;

const SCHEMA = 'https://schema.org';
/** UN/CEFACT codes of the units a price is per. */
const UNIT_CODES: Record<string, string> = { hourly: 'HUR', monthly: 'MON' };
const EMPLOYMENT_TYPES: Record<string, string> = {
  'full-time': 'FULL_TIME',
  'part-time': 'PART_TIME',
  contract: 'CONTRACTOR',
  freelance: 'CONTRACTOR',
  internship: 'INTERN',
  temporary: 'TEMPORARY',
};
const SALARY_UNITS: Record<string, string> = { hourly: 'HOUR', monthly: 'MONTH' };
const ACCOMMODATIONS: Record<string, string> = {
  room: 'Room',
  apartment: 'Apartment',
  studio: 'Apartment',
  condo: 'Apartment',
  house: 'SingleFamilyResidence',
  townhouse: 'House',
};

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);
const count = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined);

/** The listing's place as a postal address: its location as written ("San Jose, CA"), in California, US. */
function address(location: string) {
  return { '@type': 'PostalAddress', addressLocality: location.replace(/,\s*CA\.?$/i, '').trim(), addressRegion: 'CA', addressCountry: 'US' };
}

function offer(listing: VisibleListing, url: string) {
  const unitCode = UNIT_CODES[listing.priceType];
  return {
    '@type': 'Offer',
    url,
    price: listing.price,
    priceCurrency: 'USD',
    availability: `${SCHEMA}/InStock`,
    ...(unitCode ? { priceSpecification: { '@type': 'UnitPriceSpecification', price: listing.price, priceCurrency: 'USD', unitCode } } : {}),
  };
}

/** Structured data of a listing anyone may see: `url` its page, `images` its photos' absolute URLs. */
export function listingStructuredData(listing: VisibleListing, url: string, images: string[]): object {
  const metadata = listing.metadata;
  const common = {
    '@context': SCHEMA,
    name: listing.title,
    description: excerpt(listing.description, 500),
    url,
    ...(images.length > 0 ? { image: images } : {}),
  };
  switch (listing.category) {
    case 'sale':
    case 'food': {
      const brand = text(metadata.brand);
      const itemCondition = listing.condition === null ? undefined : `${SCHEMA}/${listing.condition === 'new' ? 'NewCondition' : 'UsedCondition'}`;
      return {
        ...common,
        '@type': 'Product',
        ...(brand ? { brand: { '@type': 'Brand', name: brand } } : {}),
        offers: { ...offer(listing, url), ...(itemCondition ? { itemCondition } : {}) },
      };
    }
    case 'jobs': {
      const employmentType = EMPLOYMENT_TYPES[String(metadata.jobType)];
      const unitText = SALARY_UNITS[listing.priceType];
      const salary = Number(listing.price);
      return {
        '@context': SCHEMA,
        '@type': 'JobPosting',
        title: listing.title,
        description: common.description,
        url,
        datePosted: listing.createdAt,
        ...(employmentType ? { employmentType } : {}),
        ...(metadata.remote === true ? { jobLocationType: 'TELECOMMUTE' } : {}),
        jobLocation: { '@type': 'Place', address: address(listing.location) },
        ...(salary > 0
          ? {
              baseSalary: {
                '@type': 'MonetaryAmount',
                currency: 'USD',
                value: { '@type': 'QuantitativeValue', value: salary, ...(unitText ? { unitText } : {}) },
              },
            }
          : {}),
      };
    }
    case 'event': {
      const date = text(metadata.eventDate);
      const time = text(metadata.eventTime);
      const organizer = text(metadata.organizer);
      // A start date only when it is one (the form's field is free text): 2026-12-24, with its time if it is 19:30.
      const startDate =
        date && /^\d{4}-\d{2}-\d{2}$/.test(date) && !Number.isNaN(Date.parse(date))
          ? time && /^\d{2}:\d{2}$/.test(time)
            ? `${date}T${time}`
            : date
          : undefined;
      return {
        ...common,
        '@type': 'Event',
        ...(startDate ? { startDate } : {}),
        eventAttendanceMode: `${SCHEMA}/OfflineEventAttendanceMode`,
        location: { '@type': 'Place', name: listing.location, address: address(listing.location) },
        ...(organizer ? { organizer: { '@type': 'Organization', name: organizer } } : {}),
        offers: offer(listing, url),
      };
    }
    case 'rent': {
      const bedrooms = count(metadata.bedrooms);
      const bathrooms = count(metadata.bathrooms);
      return {
        ...common,
        ...offer(listing, url),
        businessFunction: 'http://purl.org/goodrelations/v1#LeaseOut',
        itemOffered: {
          '@type': ACCOMMODATIONS[String(metadata.propertyType)] ?? 'Accommodation',
          name: listing.title,
          address: address(listing.location),
          ...(bedrooms === undefined ? {} : { numberOfBedrooms: bedrooms }),
          ...(bathrooms === undefined ? {} : { numberOfBathroomsTotal: bathrooms }),
        },
      };
    }
    case 'service': {
      const serviceType = text(metadata.serviceType);
      return {
        ...common,
        '@type': 'Service',
        ...(serviceType ? { serviceType } : {}),
        areaServed: { '@type': 'Place', name: listing.location, address: address(listing.location) },
        offers: offer(listing, url),
      };
    }
  }
}
