import { DatabaseServiceEnv } from '@lp/messaging';

export class ParcelSvcEnv extends DatabaseServiceEnv {}
