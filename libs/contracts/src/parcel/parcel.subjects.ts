/** NATS subjects answered by parcel-svc; one request and one reply type each. */
export const ParcelSubjects = {
  get: 'parcel.get',
} as const;
