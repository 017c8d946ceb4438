import 'reflect-metadata';
import { closeOnSignals } from '@lp/runtime';
import { loadEnv } from '@lp/runtime';
import { WatchesSvcEnv } from './config/watches-svc.env.js';
import { startWatchesSvc } from './watches-svc.app.js';

const service = await startWatchesSvc(loadEnv(WatchesSvcEnv));
closeOnSignals(service.close);
