/** The part of the `zipcodes` package (no types of its own) that build-place-list.ts reads. */
declare module 'zipcodes' {
  interface ZipCode {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    state: string;
    country: string;
  }
  const zipcodes: { codes: Record<string, ZipCode> };
  export default zipcodes;
}
