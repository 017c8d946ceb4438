import 'reflect-metadata';
import { closeOnSignals, loadEnv } from '@lp/messaging';
import { MarketSvcEnv } from './config/market-svc.env.js';
import { startMarketSvc } from './market-svc.app.js';

const service = await startMarketSvc(loadEnv(MarketSvcEnv));
closeOnSignals(service.close);
