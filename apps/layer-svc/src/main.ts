import 'reflect-metadata';
import { closeOnSignals, loadEnv } from '@lp/messaging';
import { LayerSvcEnv } from './config/layer-svc.env.js';
import { startLayerSvc } from './layer-svc.app.js';

const service = await startLayerSvc(loadEnv(LayerSvcEnv));
closeOnSignals(service.close);
