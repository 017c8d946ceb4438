import 'reflect-metadata';
import { closeOnSignals, loadEnv } from '@lp/messaging';
import { ParcelSvcEnv } from './config/parcel-svc.env.js';
import { startParcelSvc } from './parcel-svc.app.js';

const service = await startParcelSvc(loadEnv(ParcelSvcEnv));
closeOnSignals(service.close);
