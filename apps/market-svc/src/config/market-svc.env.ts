import { DatabaseServiceEnv } from '@lp/messaging';

export class MarketSvcEnv extends DatabaseServiceEnv {}
