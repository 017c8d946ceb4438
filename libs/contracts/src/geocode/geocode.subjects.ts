/** NATS subjects answered by geocode-svc; one request and one reply type each. */
export const GeocodeSubjects = {
  regionsFind: 'geocode.regions.find',
  addressesSearch: 'geocode.addresses.search',
} as const;
