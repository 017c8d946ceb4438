import { ApiProperty } from '@nestjs/swagger';

/** A rendered PDF as it travels over NATS (the gateway sends the bytes as application/pdf). */
export class ReportPdfView {
  @ApiProperty({ description: 'File name to offer when saving', example: 'report-306401_1.0007.34-1.pdf' })
  filename!: string;

  @ApiProperty({ description: 'The PDF, base64' })
  content_base64!: string;
}

/** POST /parcels/{id}/report/link: a link to the stored PDF that opens without an API key. */
export class ReportLinkView {
  @ApiProperty({ description: 'Link to the PDF: /v1/reports/{token}.pdf, absolute when the gateway knows its public address', example: 'https://api.example.pl/v1/reports/3qZ…k.pdf' })
  url!: string;

  @ApiProperty({ format: 'date-time', description: 'After this the link answers 404' })
  expires_at!: string;
}

/** What parcel-svc answers on `parcel.report.link.create`; the gateway turns the path into a URL. */
export interface ReportLinkReply {
  path: string;
  expires_at: string;
}
