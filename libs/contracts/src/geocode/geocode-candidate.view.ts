import { ApiProperty } from '@nestjs/swagger';

/** One address point matching a geocode query (item of GET /geocode). */
export class GeocodeCandidateView {
  @ApiProperty({ description: 'The address in one line: street and number (or locality and number), postcode and locality, and the gmina where it differs', example: 'ul. Głogowska 12, 60-101 Poznań' })
  label!: string;

  @ApiProperty({ description: 'Longitude of the address point, WGS84', example: 16.8906 })
  lng!: number;

  @ApiProperty({ description: 'Latitude of the address point, WGS84', example: 52.3965 })
  lat!: number;

  @ApiProperty({ type: String, nullable: true, description: 'EGiB id of the parcel containing the address point; null when no parcel contains it', example: '306401_1.0012.3' })
  parcel_id!: string | null;

  @ApiProperty({
    description: 'How well the address matches the query, 0 to 100 (an addition to the spec): 100 when every word, the house number and the postcode asked for match exactly',
    minimum: 0,
    maximum: 100,
    example: 100,
  })
  score!: number;

  @ApiProperty({ description: 'Every word names the street, locality or gmina whole, the street name is complete, and the house number and postcode (when asked) are equal (an addition)' })
  exact!: boolean;

  @ApiProperty({ description: 'Id of the address point in the address register (an addition)', example: 'ADR.306401_1.0012.3' })
  address_id!: string;

  @ApiProperty({ type: String, nullable: true, description: 'Street with its type as the register writes it; null where houses are numbered per locality (an addition)', example: 'ul. Głogowska' })
  street!: string | null;

  @ApiProperty({ description: 'House number as the register writes it (an addition)', example: '12A' })
  house_number!: string;

  @ApiProperty({ description: 'Locality (SIMC name) (an addition)', example: 'Poznań' })
  locality!: string;

  @ApiProperty({ type: String, nullable: true, description: 'Postcode NN-NNN; null when the register has none (an addition)', example: '60-101' })
  postcode!: string | null;

  @ApiProperty({ description: 'TERYT code of the gmina, 7 digits (an addition)', example: '3064011' })
  teryt!: string;

  @ApiProperty({ type: String, nullable: true, description: 'Name of the gmina; null when the administrative units were not loaded (an addition)', example: 'Poznań' })
  gmina!: string | null;
}
