import 'reflect-metadata';
import { closeOnSignals } from '@lp/runtime';
import { loadEnv } from '@lp/runtime';
import { GeocodeSvcEnv } from './config/geocode-svc.env.js';
import { startGeocodeSvc } from './geocode-svc.app.js';

const service = await startGeocodeSvc(loadEnv(GeocodeSvcEnv));
closeOnSignals(service.close);
