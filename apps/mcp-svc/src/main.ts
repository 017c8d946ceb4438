import 'reflect-metadata';
import { closeOnSignals } from '@lp/runtime';
import { loadEnv } from '@lp/runtime';
import { McpSvcEnv } from './config/mcp-svc.env.js';
import { startMcpSvc } from './mcp-svc.app.js';

const service = await startMcpSvc(loadEnv(McpSvcEnv));
closeOnSignals(service.close);
