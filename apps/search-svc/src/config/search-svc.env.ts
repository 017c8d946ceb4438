import { DatabaseServiceEnv } from '@lp/messaging';

export class SearchSvcEnv extends DatabaseServiceEnv {}
