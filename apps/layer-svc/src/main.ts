import 'reflect-metadata';
import { closeOnSignals } from '@lp/runtime';
import { loadEnv } from '@lp/runtime';
import { LayerSvcEnv } from './config/layer-svc.env.js';
import { startLayerSvc } from './layer-svc.app.js';

const service = await startLayerSvc(loadEnv(LayerSvcEnv));
closeOnSignals(service.close);
