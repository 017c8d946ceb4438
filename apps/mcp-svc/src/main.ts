import 'reflect-metadata';
import { closeOnSignals, loadEnv } from '@lp/messaging';
import { McpSvcEnv } from './config/mcp-svc.env.js';
import { startMcpSvc } from './mcp-svc.app.js';

const service = await startMcpSvc(loadEnv(McpSvcEnv));
closeOnSignals(service.close);
