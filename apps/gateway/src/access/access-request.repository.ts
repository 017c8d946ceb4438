import type { AccessRequestRequest } from '@lp/contracts';
import type { DataSource } from 'typeorm';

export interface AccessRequestRecord {
  id: string;
  createdAt: string;
  name: string;
  email: string;
  organisation: string;
  interfaces: string;
  regions: string;
  layers: string;
  purpose: string | null;
  status: 'pending' | 'approved' | 'rejected';
  apiKeyPrefix: string | null;
}

interface Row {
  id: string;
  created_at: Date;
  name: string;
  email: string;
  organisation: string;
  interfaces: string;
  regions: string;
  layers: string;
  purpose: string | null;
  status: AccessRequestRecord['status'];
  api_key_prefix: string | null;
}

/** All SQL of gateway.access_requests. */
export class AccessRequestRepository {
  constructor(private readonly db: DataSource) {}

  async insert(request: AccessRequestRequest): Promise<string> {
    const rows: Array<{ id: string }> = await this.db.query(
      `INSERT INTO gateway.access_requests (name, email, organisation, interfaces, regions, layers, purpose)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id::text AS id`,
      [request.name, request.email, request.organisation, request.interfaces, request.regions, request.layers, request.purpose ?? null],
    );
    return rows[0]!.id;
  }

  async list(status: AccessRequestRecord['status'] | null): Promise<AccessRequestRecord[]> {
    const rows: Row[] = await this.db.query(
      `SELECT id::text AS id, created_at, name, email, organisation, interfaces, regions, layers, purpose, status, api_key_prefix
       FROM gateway.access_requests WHERE $1::text IS NULL OR status = $1 ORDER BY id`,
      [status],
    );
    return rows.map(toRecord);
  }

  async find(id: string): Promise<AccessRequestRecord | null> {
    const rows: Row[] = await this.db.query(
      `SELECT id::text AS id, created_at, name, email, organisation, interfaces, regions, layers, purpose, status, api_key_prefix
       FROM gateway.access_requests WHERE id = $1::bigint`,
      [id],
    );
    return rows[0] ? toRecord(rows[0]) : null;
  }

  /** Marks a pending request decided; false when it was not pending (decided meanwhile). */
  async decide(id: string, status: 'approved' | 'rejected', apiKeyPrefix: string | null): Promise<boolean> {
    // For UPDATE ... RETURNING, TypeORM's postgres driver answers [rows, affectedCount].
    const [rows]: [unknown[], number] = await this.db.query(
      `UPDATE gateway.access_requests SET status = $2, decided_at = now(), api_key_prefix = $3
       WHERE id = $1::bigint AND status = 'pending' RETURNING id`,
      [id, status, apiKeyPrefix],
    );
    return rows.length === 1;
  }
}

function toRecord(row: Row): AccessRequestRecord {
  return {
    id: row.id,
    createdAt: row.created_at.toISOString(),
    name: row.name,
    email: row.email,
    organisation: row.organisation,
    interfaces: row.interfaces,
    regions: row.regions,
    layers: row.layers,
    purpose: row.purpose,
    status: row.status,
    apiKeyPrefix: row.api_key_prefix,
  };
}
