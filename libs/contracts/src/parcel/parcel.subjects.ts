/** NATS subjects answered by parcel-svc; one request and one reply type each. */
export const ParcelSubjects = {
  get: 'parcel.get',
  at: 'parcel.at',
  autocomplete: 'parcel.autocomplete',
  batch: 'parcel.batch',
  regulations: 'parcel.regulations.get',
  constraints: 'parcel.constraints.get',
  terrain: 'parcel.terrain.get',
  proximity: 'parcel.proximity.get',
} as const;
