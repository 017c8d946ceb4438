import 'reflect-metadata';
import { loadEnv } from '@lp/runtime';
import { GatewayEnv } from './config/gateway.env.js';
import { startGateway } from './gateway.app.js';

await startGateway(loadEnv(GatewayEnv));
