/** NATS subjects answered by parcel-svc; one request and one reply type each. */
export const ParcelSubjects = {
  get: 'parcel.get',
  at: 'parcel.at',
  autocomplete: 'parcel.autocomplete',
  batch: 'parcel.batch',
} as const;
