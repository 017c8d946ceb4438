import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** A web link (RFC 8288) as OGC API and GeoJSON clients read it: `rel=next` continues a listing. */
export class LinkView {
  @ApiProperty({ example: 'https://api.example.pl/v1/ogc/collections/parcels/items?limit=100&cursor=ZjE6cGFyY2Vsczox' })
  href!: string;

  @ApiProperty({ description: 'self, next, alternate, data, conformance, service-desc, items, collection, ...', example: 'next' })
  rel!: string;

  @ApiPropertyOptional({ example: 'application/geo+json' })
  type?: string;

  @ApiPropertyOptional({ example: 'Next page' })
  title?: string;

  @ApiPropertyOptional({ description: 'True when href is a URI template (OGC API - Tiles: {tileMatrix}/{tileRow}/{tileCol})' })
  templated?: boolean;
}
