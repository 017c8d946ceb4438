import 'reflect-metadata';
import { closeOnSignals } from '@lp/runtime';
import { loadEnv } from '@lp/runtime';
import { ParcelSvcEnv } from './config/parcel-svc.env.js';
import { startParcelSvc } from './parcel-svc.app.js';

const service = await startParcelSvc(loadEnv(ParcelSvcEnv));
closeOnSignals(service.close);
