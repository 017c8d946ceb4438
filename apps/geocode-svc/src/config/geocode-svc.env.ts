import { DatabaseServiceEnv } from '@lp/messaging';

export class GeocodeSvcEnv extends DatabaseServiceEnv {}
