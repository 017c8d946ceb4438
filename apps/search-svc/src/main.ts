import 'reflect-metadata';
import { closeOnSignals, loadEnv } from '@lp/messaging';
import { SearchSvcEnv } from './config/search-svc.env.js';
import { startSearchSvc } from './search-svc.app.js';

const service = await startSearchSvc(loadEnv(SearchSvcEnv));
closeOnSignals(service.close);
