import { DatabaseServiceEnv } from '@lp/messaging';

/** layer-svc reads only what every database-backed service reads, for now. */
export class LayerSvcEnv extends DatabaseServiceEnv {}
