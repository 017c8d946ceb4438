import { IsIn, IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';

/** Variables every NATS service reads. Apps extend this with their own. */
export class ServiceEnv {
  @Matches(/^(nats|tls):\/\/[^\s]+$/, { message: 'NATS_URL must look like nats://host:port' })
  NATS_URL!: string;

  /**
   * Copies of the JetStream streams and buckets the app creates or consumes: 1 on one NATS server,
   * the cluster size (3) on a NATS cluster, so a stream survives a server going away.
   */
  @IsInt()
  @Min(1)
  @Max(5)
  NATS_STREAM_REPLICAS: number = 1;

  @IsInt()
  @Min(0)
  @Max(65535)
  OPS_PORT: number = 0;

  /** A file the app writes its ops port to once it listens (npm start reads it; OPS_PORT=0 picks the port). */
  @IsOptional()
  @IsString()
  OPS_PORT_FILE?: string;

  /** Address of the ops port: loopback locally; 0.0.0.0 in a pod, so the kubelet's probes reach it. */
  @IsString()
  OPS_HOST: string = '127.0.0.1';

  @IsIn(['verbose', 'debug', 'log', 'warn', 'error', 'fatal'])
  LOG_LEVEL: 'verbose' | 'debug' | 'log' | 'warn' | 'error' | 'fatal' = 'log';
}

/** Variables of a service that owns a schema. */
export class DatabaseServiceEnv extends ServiceEnv {
  @IsString()
  @Matches(/^postgres(ql)?:\/\/[^\s]+$/, { message: 'DATABASE_URL must look like postgres://user@host:port/db' })
  DATABASE_URL!: string;

  /**
   * A read-only replica of the same database (CloudNativePG's `<cluster>-ro` service), for the
   * reads that tolerate its lag: parcel lookups, layer features and tiles, searches. Unset: every
   * read uses DATABASE_URL. Services without such reads ignore it (docs/operations.md).
   */
  @IsOptional()
  @IsString()
  @Matches(/^postgres(ql)?:\/\/[^\s]+$/, { message: 'DATABASE_READ_URL must look like postgres://user@host:port/db' })
  DATABASE_READ_URL?: string;

  @IsInt()
  @Min(1)
  @Max(200)
  DB_POOL_SIZE: number = 10;
}
