import 'reflect-metadata';
import { closeOnSignals } from '@lp/runtime';
import { loadEnv } from '@lp/runtime';
import { SearchSvcEnv } from './config/search-svc.env.js';
import { startSearchSvc } from './search-svc.app.js';

const service = await startSearchSvc(loadEnv(SearchSvcEnv));
closeOnSignals(service.close);
