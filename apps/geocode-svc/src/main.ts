import 'reflect-metadata';
import { closeOnSignals, loadEnv } from '@lp/messaging';
import { GeocodeSvcEnv } from './config/geocode-svc.env.js';
import { startGeocodeSvc } from './geocode-svc.app.js';

const service = await startGeocodeSvc(loadEnv(GeocodeSvcEnv));
closeOnSignals(service.close);
