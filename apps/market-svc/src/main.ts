import 'reflect-metadata';
import { closeOnSignals } from '@lp/runtime';
import { loadEnv } from '@lp/runtime';
import { MarketSvcEnv } from './config/market-svc.env.js';
import { startMarketSvc } from './market-svc.app.js';

const service = await startMarketSvc(loadEnv(MarketSvcEnv));
closeOnSignals(service.close);
